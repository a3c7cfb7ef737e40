import { parentPort } from "node:worker_threads";
import { embedText, fitLsa, type LsaModel, type LsaOptions } from "@quire/textkit";
import type { LsaRequest, LsaResponse } from "./lsa-thread";

// Runs in a worker thread: fitting the model (seconds on a few thousand passages) and embedding
// every passage would otherwise stop the server's event loop for that long.
let model: LsaModel | null = null;

parentPort!.on("message", (request: LsaRequest) => {
  let response: LsaResponse;
  try {
    if (request.op === "fit") {
      model = fitLsa(request.texts, request.options as LsaOptions);
      response = { id: request.id, model };
    } else {
      if (!model) throw new Error("embed before fit");
      const fitted = model;
      response = { id: request.id, vectors: request.texts.map((text) => embedText(fitted, text)) };
    }
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(response);
});
