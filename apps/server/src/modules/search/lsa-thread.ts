import { Worker } from "node:worker_threads";
import type { LsaModel, LsaOptions } from "@quire/textkit";

type LsaCall = { op: "fit"; texts: string[]; options: LsaOptions } | { op: "embed"; texts: string[] };
export type LsaRequest = LsaCall & { id: number };
export type LsaResponse =
  | { id: number; model: LsaModel | null }
  | { id: number; vectors: Array<Float32Array | null> }
  | { id: number; error: string };

/**
 * Limits of the LSA worker thread, so a refit that outgrows its memory fails its job (the previous
 * model stays in use) instead of taking the server's heap. Measured on the search bench's 10,000
 * documents (11,305 passages, 4.6 million characters; scratch fit and embed of every passage with
 * --trace-gc, 2026-11-27): at most 88 MB of heap in use, 123 MB reserved; it failed with an old
 * generation capped at 56 MB and passed at 64 MB. 512 MB is eight times what it needed: the fit
 * reads at most 20,000 passages (the refit sends only that sample) and 40,000 terms, so the need
 * does not grow with the archive; embedding goes a page of 1,000 passages at a time. The SVD's
 * typed arrays live outside this heap (tens of MB at most, bounded by those options).
 */
export const LSA_THREAD_LIMITS = {
  heapMb: 512,
  youngMb: 64,
} as const;

/** Overrides of LSA_THREAD_LIMITS (tests give a tiny heap to see a thread die of it). */
export interface LsaThreadLimits {
  heapMb?: number;
  youngMb?: number;
}

/** A model fitted in a worker thread, which keeps it to embed passages until closed. */
export interface LsaThread {
  model: LsaModel | null;
  embed(texts: string[]): Promise<Array<Float32Array | null>>;
  close(): Promise<void>;
}

/** Fits an LSA model off the event loop; the same thread then embeds passages in its space. */
export async function fitLsaInThread(
  texts: string[],
  options: LsaOptions,
  limits: LsaThreadLimits = {},
): Promise<LsaThread> {
  const heapMb = limits.heapMb ?? LSA_THREAD_LIMITS.heapMb;
  const worker = new Worker(new URL("./lsa-worker.mjs", import.meta.url), {
    resourceLimits: {
      maxOldGenerationSizeMb: heapMb,
      maxYoungGenerationSizeMb: limits.youngMb ?? LSA_THREAD_LIMITS.youngMb,
    },
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (r: LsaResponse) => void; reject: (e: Error) => void }>();
  // Once the thread is gone (out of memory, or any other end), a message would never be answered:
  // every call, waiting or later, fails with why, rather than leaving the refit job hanging.
  let ended: Error | null = null;
  const end = (error: Error) => {
    ended ??= error;
    for (const p of pending.values()) p.reject(ended);
    pending.clear();
  };
  worker.on("message", (response: LsaResponse) => {
    pending.get(response.id)?.resolve(response);
    pending.delete(response.id);
  });
  worker.on("error", (error) => end(threadError(error, heapMb)));
  worker.on("exit", (code) => end(new Error(`LSA worker: the thread stopped (exit code ${code})`)));
  const call = (request: LsaCall) =>
    new Promise<LsaResponse>((resolve, reject) => {
      if (ended) return reject(ended);
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

function threadError(error: Error, heapMb: number): Error {
  const { code } = error as Error & { code?: string };
  if (code === "ERR_WORKER_OUT_OF_MEMORY" || /out of memory|heap limit/i.test(error.message)) {
    const message = `LSA worker: out of memory (its heap is limited to ${heapMb} MB); the thread was stopped`;
    return new Error(message, { cause: error });
  }
  return new Error(`LSA worker: ${error.message}`, { cause: error });
}
