// The text-work worker's entry. Node starts worker threads only from JavaScript files, and under
// some runners (Vitest) without the parent's TypeScript loader: register tsx, then load the worker.
import { register } from "tsx/esm/api";

register();
const { default: run } = await import("./text-work-worker.ts");
export default run;
