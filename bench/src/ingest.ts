/**
 * Ingest benchmark: PDF text-layer conversion in pages/s beside poppler's pdftotext on the same
 * files (the peer is run as a process per file, as a server would have to), DOCX documents/s,
 * and OCR seconds per page; then documents/s from arrival to searchable through the watched folder
 * and the upload API with search latency meanwhile (ingest-e2e.ts). Run through `npm run bench -- ingest`.
 */
import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { convertToMarkdown, ocrPdfPages } from "../../apps/server/src/ingest/index.js";
import { benchIngestEndToEnd } from "./ingest-e2e.js";

const run = promisify(execFile);
const FIXTURES = new URL("../../apps/server/test-fixtures/", import.meta.url);
/** Real documents: a 17-page pdfTeX spec, a 7-page LibreOffice export and the 38-page bzip2 manual. */
const PDFS = ["shared-mime-info-spec.pdf", "users-and-groups.pdf", "bzip2-manual.pdf"];
const DOCX = "base-passwd.docx";
const SCANNED = "scanned-page.pdf";
const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 5);
const DOCX_RUNS = Number(process.env.BENCH_INGEST_DOCX_RUNS ?? 50);

interface PdfRow {
  name: string;
  pages: number;
  quireSeconds: number;
  peerSeconds: number | null;
}

const fixturePath = (name: string): string => fileURLToPath(new URL(name, FIXTURES));
const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(fixturePath(name)));
const perSecond = (count: number, seconds: number): string => (count / seconds).toFixed(1);

function pdftotextAvailable(): boolean {
  const probe = spawnSync("pdftotext", ["-v"], { stdio: "ignore" });
  return !probe.error;
}

async function timeQuire(bytes: Uint8Array): Promise<{ pages: number; seconds: number }> {
  let pages = 0;
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) pages = (await convertToMarkdown(bytes, "pdf")).pageCount ?? 0;
  return { pages, seconds: (performance.now() - started) / 1000 / ROUNDS };
}

async function timePdftotext(path: string): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) await run("pdftotext", ["-q", path, "/dev/null"]);
  return (performance.now() - started) / 1000 / ROUNDS;
}

function printPdfRows(rows: PdfRow[], peer: boolean): void {
  const header = `  ${"file".padEnd(28)}${"pages".padStart(6)}${"quire pages/s".padStart(16)}`;
  console.log(peer ? `${header}${"pdftotext pages/s".padStart(20)}` : header);
  const total: PdfRow = { name: "all files", pages: 0, quireSeconds: 0, peerSeconds: peer ? 0 : null };
  for (const row of [...rows, total]) {
    if (row !== total) {
      total.pages += row.pages;
      total.quireSeconds += row.quireSeconds;
      if (total.peerSeconds !== null) total.peerSeconds += row.peerSeconds ?? 0;
    }
    const quire = perSecond(row.pages, row.quireSeconds).padStart(16);
    const other = row.peerSeconds === null ? "" : perSecond(row.pages, row.peerSeconds).padStart(20);
    console.log(`  ${row.name.padEnd(28)}${String(row.pages).padStart(6)}${quire}${other}`);
  }
}

async function benchPdf(): Promise<void> {
  const peer = pdftotextAvailable();
  console.log(`ingest: PDF text layer → markdown, mean of ${ROUNDS} rounds per file (after one warm-up)`);
  if (!peer) console.log("  pdftotext not installed (apt-get install poppler-utils): peer column skipped");
  const rows: PdfRow[] = [];
  for (const name of PDFS) {
    const bytes = fixture(name);
    await convertToMarkdown(bytes, "pdf");
    const { pages, seconds } = await timeQuire(bytes);
    rows.push({
      name,
      pages,
      quireSeconds: seconds,
      peerSeconds: peer ? await timePdftotext(fixturePath(name)) : null,
    });
  }
  printPdfRows(rows, peer);
  if (peer) console.log("  (pdftotext: plain text, no structure, one process per file, start-up included)");
}

async function benchDocx(): Promise<void> {
  const bytes = fixture(DOCX);
  await convertToMarkdown(bytes, "docx");
  const started = performance.now();
  for (let i = 0; i < DOCX_RUNS; i++) await convertToMarkdown(bytes, "docx");
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `ingest: DOCX → markdown: ${DOCX} (${bytes.length} bytes) × ${DOCX_RUNS}: ${perSecond(DOCX_RUNS, seconds)} documents/s`,
  );
}

async function benchOcr(): Promise<void> {
  const bytes = fixture(SCANNED);
  const started = performance.now();
  const results = await ocrPdfPages(bytes, [1]);
  const seconds = (performance.now() - started) / 1000;
  const words = results[0]?.text.split(/\s+/).length ?? 0;
  console.log(
    `ingest: OCR (tesseract.js, eng, 200 dpi, worker start included): ${SCANNED} 1 page, ${words} words in ${seconds.toFixed(1)} s/page`,
  );
}

export async function runIngestBench(): Promise<void> {
  if (process.env.BENCH_INGEST_CONVERT === "0")
    console.log("ingest: converters skipped (BENCH_INGEST_CONVERT=0)");
  else {
    await benchPdf();
    await benchDocx();
    if (process.env.BENCH_INGEST_OCR === "0") console.log("ingest: OCR skipped (BENCH_INGEST_OCR=0)");
    else await benchOcr();
  }
  if (process.env.BENCH_INGEST_E2E === "0") console.log("ingest: end to end skipped (BENCH_INGEST_E2E=0)");
  else await benchIngestEndToEnd();
}
