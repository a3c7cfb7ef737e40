// The conversion worker's entry. Node starts worker threads only from JavaScript files, and under
// some runners (Vitest) without the parent's TypeScript loader: register tsx, then load the worker.
import { register } from "tsx/esm/api";

register();
const { default: convert } = await import("./convert-worker.ts");
export default convert;
