// The classifier worker's entry. Node starts worker threads only from JavaScript files, and under
// some runners (Vitest) without the parent's TypeScript loader: register tsx, then load the worker.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { default: train } = await import("./classifier-worker.ts");
parentPort.once("message", (request) => {
  try {
    parentPort.postMessage({ ok: true, result: train(request) });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
