import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type * as PdfJsModule from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PDFDocumentProxy } from "pdfjs-dist/types/src/display/api.js";
import { PASSWORD_PROTECTED_REASON, UnreadableFileError, damagedFile } from "./errors.js";

export type { PDFDocumentProxy };

const require = createRequire(import.meta.url);
const PDFJS_DIR = dirname(require.resolve("pdfjs-dist/package.json"));

/**
 * pdf.js 5.6 is the newest release whose `engines` allow Node 20; its legacy build carries the
 * polyfills (Promise.withResolvers, Map.getOrInsert…) that Node 20 lacks. In Node it runs its
 * "worker" in this thread, so parsing is CPU time on the caller's event loop.
 */
type PdfJs = typeof PdfJsModule;
/**
 * Loaded on first use or by the pool's warm-up (convert-worker.ts), not at start-up; Node's module
 * cache makes every later import free.
 */
export function loadPdfJs(): Promise<PdfJs> {
  return import("pdfjs-dist/legacy/build/pdf.mjs");
}

/** The end-of-file marker must be near the end; without it the file was cut short. */
const EOF_WINDOW = 4096;

function assertComplete(bytes: Uint8Array): void {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .subarray(Math.max(0, bytes.byteLength - EOF_WINDOW))
    .toString("latin1");
  if (!tail.includes("%%EOF")) {
    throw damagedFile("the PDF ends before its end-of-file marker, so it was probably cut short");
  }
}

function toUnreadable(error: unknown): UnreadableFileError {
  if (error instanceof UnreadableFileError) return error;
  const name = error instanceof Error ? error.name : "";
  if (name === "PasswordException")
    return new UnreadableFileError(PASSWORD_PROTECTED_REASON, { cause: error });
  const detail = error instanceof Error ? error.message : String(error);
  return damagedFile(`the PDF cannot be parsed (${detail})`, error);
}

export interface OpenPdfOptions {
  /**
   * Images of more pixels are skipped when a page is drawn (pdf.js warns "Image exceeded maximum
   * allowed size"), before anything of theirs is decoded. Reading text decodes no image.
   */
  maxImagePixels?: number;
  /** Let pdf.js report warnings (on console.warn), for a caller that listens for one. */
  warnings?: boolean;
}

/** Opens a PDF for reading, turning pdf.js failures into UnreadableFileError reasons. */
export async function openPdf(bytes: Uint8Array, options: OpenPdfOptions = {}): Promise<PDFDocumentProxy> {
  assertComplete(bytes);
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js transfers (detaches) the buffer it is given; the caller keeps its own bytes.
    // A plain copy: Buffer.slice would share memory, and pdf.js refuses Buffers anyway.
    // (The typed-array constructor copies in one block; Uint8Array.from walks every byte.)
    data: new Uint8Array(bytes),
    verbosity: options.warnings ? pdfjs.VerbosityLevel.WARNINGS : pdfjs.VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    // Node reads these from the file system: no network is involved.
    standardFontDataUrl: join(PDFJS_DIR, "standard_fonts") + "/",
    cMapUrl: join(PDFJS_DIR, "cmaps") + "/",
    cMapPacked: true,
    ...(options.maxImagePixels === undefined ? {} : { maxImageSize: options.maxImagePixels }),
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    throw toUnreadable(error);
  }
}

/** Runs `read` on an opened PDF, always releasing it, with failures mapped to reasons. */
export async function withPdf<T>(
  bytes: Uint8Array,
  read: (doc: PDFDocumentProxy) => Promise<T>,
  options: OpenPdfOptions = {},
): Promise<T> {
  const doc = await openPdf(bytes, options);
  try {
    return await read(doc);
  } catch (error) {
    throw toUnreadable(error);
  } finally {
    await doc.destroy();
  }
}
