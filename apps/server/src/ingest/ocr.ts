import { createCanvas } from "@napi-rs/canvas";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { OEM, createWorker, type Worker } from "tesseract.js";
import { UnreadableFileError } from "./errors.js";
import { CONVERSION_LIMITS, formatCount } from "./limits.js";
import type { OcrPageText } from "./pdf.js";
import { withPdf, type PDFDocumentProxy } from "./pdfjs.js";

export type { OcrPageText };

export interface OcrOptions {
  /** Rendering resolution; Tesseract reads body text best at about 200–300 dpi. */
  dpi?: number;
  /**
   * Keep Tesseract loaded for the next call (about a second to start) instead of stopping it; the
   * conversion worker threads do, since they OCR a scan one page per task.
   */
  keepRecognizer?: boolean;
}

const require = createRequire(import.meta.url);

/**
 * English LSTM data from @tesseract.js-data/eng, read from disk: with a local path (not a URL)
 * tesseract.js reads the file instead of fetching, and cacheMethod "none" writes no copy of it.
 */
const LANG_PATH = join(dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");
const DEFAULT_DPI = 200;
/** Caps the bitmap of oversized pages (posters, maps) so one page cannot take gigabytes. */
const MAX_PIXELS = 5_000 * 5_000;
/** A kept recognizer stops after this long unused. */
const RECOGNIZER_IDLE_MS = 30_000;
const OVERSIZED_IMAGE_WARNING = /Image exceeded maximum allowed size/;

async function startWorker(): Promise<Worker> {
  return createWorker("eng", OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    gzip: true,
    cacheMethod: "none",
    legacyCore: false,
    legacyLang: false,
  });
}

let kept: { worker: Promise<Worker>; idle?: NodeJS.Timeout } | null = null;

/** Runs `use` with a recognizer: this thread's kept one, or one started and stopped for it. */
async function withRecognizer<T>(keep: boolean, use: (worker: Worker) => Promise<T>): Promise<T> {
  if (!keep) {
    const worker = await startWorker();
    try {
      return await use(worker);
    } finally {
      await worker.terminate();
    }
  }
  const slot = (kept ??= { worker: startWorker() });
  clearTimeout(slot.idle);
  try {
    return await use(await slot.worker);
  } catch (error) {
    // A recognizer that failed may be broken: the next call starts a fresh one.
    if (kept === slot) kept = null;
    void slot.worker.then((w) => w.terminate()).catch(() => undefined);
    throw error;
  } finally {
    if (kept === slot) {
      slot.idle = setTimeout(() => {
        if (kept === slot) kept = null;
        void slot.worker.then((w) => w.terminate()).catch(() => undefined);
      }, RECOGNIZER_IDLE_MS);
      slot.idle.unref();
    }
  }
}

/**
 * Renders one page to a PNG at `dpi` (white background, as on paper). An image too large to
 * decode is skipped by pdf.js with a warning; that page is refused rather than read as blank.
 */
async function renderPage(doc: PDFDocumentProxy, pageNumber: number, dpi: number): Promise<Buffer> {
  const page = await doc.getPage(pageNumber);
  const warn = console.warn;
  let oversized = false;
  // pdf.js reports a skipped image only as a warning; this thread renders one page at a time.
  console.warn = (...args: unknown[]) => {
    if (args.some((a) => typeof a === "string" && OVERSIZED_IMAGE_WARNING.test(a))) oversized = true;
  };
  try {
    const base = page.getViewport({ scale: 1 });
    const wanted = dpi / 72;
    const fit = Math.sqrt(MAX_PIXELS / (base.width * base.height));
    const viewport = page.getViewport({ scale: Math.min(wanted, fit) });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    // @napi-rs/canvas implements the 2D context pdf.js draws with; its types are not the DOM's.
    const renderContext = { canvas: null, canvasContext: context, viewport } as unknown as Parameters<
      typeof page.render
    >[0];
    await page.render(renderContext).promise;
    if (oversized) {
      throw new UnreadableFileError(
        `Page ${pageNumber} holds an image of more than ${formatCount(CONVERSION_LIMITS.maxOcrImagePixels)} pixels; it is not read by OCR`,
      );
    }
    return await canvas.encode("png");
  } finally {
    console.warn = warn;
    page.cleanup();
  }
}

/**
 * OCRs the given pages (1-based) of a PDF: each is rendered with pdf.js onto @napi-rs/canvas and
 * read by tesseract.js with the English data shipped in node_modules, entirely offline. Slow
 * (seconds per page) and, for a hostile file, costly: the server runs it in the conversion
 * worker threads (Converter.ocr), one page per task under their heap and time limits.
 */
export async function ocrPdfPages(
  bytes: Uint8Array,
  pageNumbers: number[],
  options: OcrOptions = {},
): Promise<OcrPageText[]> {
  if (pageNumbers.length === 0) return [];
  const dpi = options.dpi ?? DEFAULT_DPI;
  return withPdf(
    bytes,
    async (doc) => {
      const pages = pageNumbers.filter((n) => Number.isInteger(n) && n >= 1 && n <= doc.numPages);
      if (pages.length === 0) return [];
      const results: OcrPageText[] = [];
      for (const pageNumber of pages) {
        // Rendered first: a page refused there never starts the recognizer.
        const image = await renderPage(doc, pageNumber, dpi);
        const { data } = await withRecognizer(options.keepRecognizer ?? false, (w) => w.recognize(image));
        results.push({ page: pageNumber, text: data.text.trim() });
      }
      return results;
    },
    { maxImagePixels: CONVERSION_LIMITS.maxOcrImagePixels, warnings: true },
  );
}
