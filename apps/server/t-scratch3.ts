import { readFileSync } from "node:fs";
import { ocrPdfPages } from "./src/ingest/ocr.js";
const b = new Uint8Array(readFileSync(`test-fixtures/${process.argv[2] ?? "scanned-page"}.pdf`));
const t = performance.now();
const r = await ocrPdfPages(b, (process.argv[3] ?? "1").split(",").map(Number));
console.log(r.map((x) => x.text.slice(0, 1500)).join("\n----\n"));
console.log(((performance.now() - t) / 1000).toFixed(1), "s");
