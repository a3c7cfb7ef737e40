import { convertToMarkdown, type Conversion } from "./convert.js";
import { UnreadableFileError } from "./errors.js";
import { ocrPdfPages } from "./ocr.js";
import type { OcrPageText } from "./pdf.js";
import { loadPdfJs } from "./pdfjs.js";
import type { SupportedKind } from "./sniff.js";
import { renderThumbnail, type ThumbnailSource } from "./thumbnail.js";

/**
 * A file to convert, a PDF page to OCR, a version's thumbnail to draw, or "warm": load what
 * converting needs (pdf.js loads on first use).
 */
export type ConvertTask =
  | { bytes: Uint8Array; kind: SupportedKind }
  | { bytes: Uint8Array; ocrPage: number; languages?: string[] }
  | { thumbnail: ThumbnailSource }
  | "warm";

/** Errors lose their class crossing threads, so a refusal comes back as data with its reason. */
export type ConvertResult =
  | { ok: true; conversion: Conversion }
  | { ok: true; ocr: OcrPageText[] }
  | { ok: true; thumbnail: Uint8Array }
  | { ok: false; reason: string }
  | { ok: true; warmed: true };

async function run(task: Exclude<ConvertTask, "warm">): Promise<ConvertResult> {
  if ("thumbnail" in task) return { ok: true, thumbnail: await renderThumbnail(task.thumbnail) };
  if ("ocrPage" in task) {
    // The recognizer stays loaded in this thread for the scan's next page.
    return {
      ok: true,
      ocr: await ocrPdfPages(task.bytes, [task.ocrPage], {
        keepRecognizer: true,
        languages: task.languages,
      }),
    };
  }
  return { ok: true, conversion: await convertToMarkdown(task.bytes, task.kind) };
}

/** Runs in a conversion worker thread (see convert-pool.ts). */
export default async function convert(task: ConvertTask): Promise<ConvertResult> {
  if (task === "warm") {
    await loadPdfJs();
    return { ok: true, warmed: true };
  }
  try {
    return await run(task);
  } catch (error) {
    if (error instanceof UnreadableFileError) return { ok: false, reason: error.reason };
    throw error;
  }
}
