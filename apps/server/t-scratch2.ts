import { readFileSync } from "node:fs";
import { convertPdf } from "./src/ingest/pdf.js";
for (const f of ["shared-mime-info-spec", "encrypted", "shared-mime-info-spec", "bzip2-manual", "users-and-groups", "encrypted"]) {
  const b = new Uint8Array(readFileSync(`test-fixtures/${f}.pdf`));
  const t = performance.now();
  try { const r = await convertPdf(b); console.log(f, r.pageCount, (performance.now() - t).toFixed(0), "ms"); }
  catch (e) { console.log(f, (e as Error).message, (performance.now() - t).toFixed(0), "ms"); }
}
