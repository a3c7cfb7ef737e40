import { convertToMarkdown, type Conversion } from "./convert.js";
import { UnreadableFileError } from "./errors.js";
import { loadPdfJs } from "./pdfjs.js";
import type { SupportedKind } from "./sniff.js";

/** A file to convert, or "warm": load what converting needs (pdf.js loads on first use). */
export type ConvertTask = { bytes: Uint8Array; kind: SupportedKind } | "warm";

/** Errors lose their class crossing threads, so a refusal comes back as data with its reason. */
export type ConvertResult =
  { ok: true; conversion: Conversion } | { ok: false; reason: string } | { ok: true; warmed: true };

/** Runs in a conversion worker thread (see convert-pool.ts). */
export default async function convert(task: ConvertTask): Promise<ConvertResult> {
  if (task === "warm") {
    await loadPdfJs();
    return { ok: true, warmed: true };
  }
  try {
    return { ok: true, conversion: await convertToMarkdown(task.bytes, task.kind) };
  } catch (error) {
    if (error instanceof UnreadableFileError) return { ok: false, reason: error.reason };
    throw error;
  }
}
