import { Worker } from "node:worker_threads";
import type { LsaModel, LsaOptions } from "@quire/textkit";

type LsaCall = { op: "fit"; texts: string[]; options: LsaOptions } | { op: "embed"; texts: string[] };
export type LsaRequest = LsaCall & { id: number };
export type LsaResponse =
  | { id: number; model: LsaModel | null }
  | { id: number; vectors: Array<Float32Array | null> }
  | { id: number; error: string };

/** A model fitted in a worker thread, which keeps it to embed passages until closed. */
export interface LsaThread {
  model: LsaModel | null;
  embed(texts: string[]): Promise<Array<Float32Array | null>>;
  close(): Promise<void>;
}

/** Fits an LSA model off the event loop; the same thread then embeds passages in its space. */
export async function fitLsaInThread(texts: string[], options: LsaOptions): Promise<LsaThread> {
  const worker = new Worker(new URL("./lsa-worker.mjs", import.meta.url));
  let nextId = 0;
  const pending = new Map<number, { resolve: (r: LsaResponse) => void; reject: (e: Error) => void }>();
  worker.on("message", (response: LsaResponse) => {
    pending.get(response.id)?.resolve(response);
    pending.delete(response.id);
  });
  worker.on("error", (error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  });
  const call = (request: LsaCall) =>
    new Promise<LsaResponse>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    }).then((response) => {
      if ("error" in response) throw new Error(`LSA worker: ${response.error}`);
      return response;
    });
  try {
    const fitted = await call({ op: "fit", texts, options });
    return {
      model: "model" in fitted ? fitted.model : null,
      async embed(batch) {
        const response = await call({ op: "embed", texts: batch });
        return "vectors" in response ? response.vectors : [];
      },
      close: async () => {
        await worker.terminate();
      },
    };
  } catch (error) {
    await worker.terminate();
    throw error;
  }
}
