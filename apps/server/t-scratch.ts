import { readFileSync } from "node:fs";
import { convertDocx } from "./src/ingest/docx.js";
const r = await convertDocx(new Uint8Array(readFileSync("test-fixtures/base-passwd.docx")));
console.log(r.markdown.slice(0, 3000), r.warnings);
