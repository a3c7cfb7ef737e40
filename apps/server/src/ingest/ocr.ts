import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { OEM, createWorker, type Worker } from "tesseract.js";
import { UnreadableFileError } from "./errors.js";
import { CONVERSION_LIMITS, formatCount } from "./limits.js";
import type { OcrPageText } from "./pdf.js";
import { drawPdfPage } from "./page-canvas.js";
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
  /**
   * Tesseract languages to read the page in (eng, deu, fra, spa, ita, nld), chosen in Settings ›
   * Ingestion; English when none. One whose data is not installed is left out.
   */
  languages?: readonly string[];
}

const require = createRequire(import.meta.url);

/**
 * Where the language data comes from: Debian's tesseract-ocr-* packages (deu, fra, spa, ita, nld
 * and eng, fast LSTM models, uncompressed), and for English the @tesseract.js-data/eng package in
 * node_modules when Debian's is absent. tesseract.js looks in its cache path first and in the
 * language path after: with Debian's folder as a read-only cache (a cache it never writes to or
 * deletes from) and the npm package as the language path, every language is read from disk,
 * nothing is downloaded and nothing is copied. TESSDATA_DIR overrides Debian's folder (tesseract 5's,
 * else 4's).
 */
export const TESSDATA_DIR =
  process.env.TESSDATA_DIR ||
  ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"].find((dir) =>
    existsSync(dir),
  ) ||
  "/usr/share/tesseract-ocr/5/tessdata";
const ENGLISH_FALLBACK = join(
  dirname(require.resolve("@tesseract.js-data/eng/package.json")),
  "4.0.0_best_int",
);

/** The languages whose data is on this machine: Debian's files, and English always. */
export function installedOcrLanguages(languages: readonly string[]): string[] {
  return languages.filter(
    (code) =>
      /^[a-z]{3}$/.test(code) && (code === "eng" || existsSync(join(TESSDATA_DIR, `${code}.traineddata`))),
  );
}

const DEFAULT_DPI = 200;
/** Caps the bitmap of oversized pages (posters, maps) so one page cannot take gigabytes. */
const MAX_PIXELS = 5_000 * 5_000;
/** A kept recognizer stops after this long unused. */
const RECOGNIZER_IDLE_MS = 30_000;

async function startWorker(languages: string): Promise<Worker> {
  return createWorker(languages, OEM.LSTM_ONLY, {
    cachePath: TESSDATA_DIR,
    cacheMethod: "readOnly",
    langPath: ENGLISH_FALLBACK,
    gzip: true,
    legacyCore: false,
    legacyLang: false,
  });
}

let kept: { worker: Promise<Worker>; languages: string; idle?: NodeJS.Timeout } | null = null;

/**
 * Runs `use` with a recognizer for `languages` ("eng+deu"): this thread's kept one, or one started
 * and stopped for it. A kept recognizer for other languages (the choice changed) is replaced.
 */
async function withRecognizer<T>(
  keep: boolean,
  languages: string,
  use: (worker: Worker) => Promise<T>,
): Promise<T> {
  if (kept && kept.languages !== languages) {
    const stale = kept;
    kept = null;
    clearTimeout(stale.idle);
    void stale.worker.then((w) => w.terminate()).catch(() => undefined);
  }
  if (!keep) {
    const worker = await startWorker(languages);
    try {
      return await use(worker);
    } finally {
      await worker.terminate();
    }
  }
  const slot = (kept ??= { worker: startWorker(languages), languages });
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
 * Renders one page to a PNG at `dpi`. An image too large to decode is skipped by pdf.js with a
 * warning; that page is refused rather than read as blank.
 */
async function renderPage(doc: PDFDocumentProxy, pageNumber: number, dpi: number): Promise<Buffer> {
  const page = await doc.getPage(pageNumber);
  try {
    const base = page.getViewport({ scale: 1 });
    const wanted = dpi / 72;
    const fit = Math.sqrt(MAX_PIXELS / (base.width * base.height));
    const scale = Math.min(wanted, fit);
    const { canvas, oversized } = await drawPdfPage(page, scale, {
      width: base.width * scale,
      height: base.height * scale,
    });
    if (oversized) {
      throw new UnreadableFileError(
        `Page ${pageNumber} holds an image of more than ${formatCount(CONVERSION_LIMITS.maxOcrImagePixels)} pixels; it is not read by OCR`,
      );
    }
    // Synchronous: see encodeWebp in thumbnail.ts (the asynchronous encode can outlive its canvas).
    return canvas.encodeSync("png");
  } finally {
    page.cleanup();
  }
}

/**
 * OCRs the given pages (1-based) of a PDF: each is rendered with pdf.js onto @napi-rs/canvas and
 * read by tesseract.js in the chosen languages with data from disk (TESSDATA_DIR), entirely offline. Slow
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
  const installed = installedOcrLanguages(options.languages ?? ["eng"]);
  const languages = (installed.length > 0 ? installed : ["eng"]).join("+");
  return withPdf(
    bytes,
    async (doc) => {
      const pages = pageNumbers.filter((n) => Number.isInteger(n) && n >= 1 && n <= doc.numPages);
      if (pages.length === 0) return [];
      const results: OcrPageText[] = [];
      for (const pageNumber of pages) {
        // Rendered first: a page refused there never starts the recognizer.
        const image = await renderPage(doc, pageNumber, dpi);
        const { data } = await withRecognizer(options.keepRecognizer ?? false, languages, (w) =>
          w.recognize(image),
        );
        results.push({ page: pageNumber, text: data.text.trim() });
      }
      return results;
    },
    { maxImagePixels: CONVERSION_LIMITS.maxOcrImagePixels, warnings: true },
  );
}
