import { createCanvas } from "@napi-rs/canvas";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { OEM, createWorker, type Worker } from "tesseract.js";
import type { OcrPageText } from "./pdf.js";
import { withPdf, type PDFDocumentProxy } from "./pdfjs.js";

export type { OcrPageText };

export interface OcrOptions {
  /** Rendering resolution; Tesseract reads body text best at about 200–300 dpi. */
  dpi?: number;
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

async function startWorker(): Promise<Worker> {
  return createWorker("eng", OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    gzip: true,
    cacheMethod: "none",
    legacyCore: false,
    legacyLang: false,
  });
}

/** Renders one page to a PNG at `dpi` (white background, as on paper). */
async function renderPage(doc: PDFDocumentProxy, pageNumber: number, dpi: number): Promise<Buffer> {
  const page = await doc.getPage(pageNumber);
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
    return await canvas.encode("png");
  } finally {
    page.cleanup();
  }
}

/**
 * OCRs the given pages (1-based) of a PDF: each is rendered with pdf.js onto @napi-rs/canvas and
 * read by tesseract.js with the English data shipped in node_modules, entirely offline. Slow
 * (seconds per page), so callers run it as a background step.
 */
export async function ocrPdfPages(
  bytes: Uint8Array,
  pageNumbers: number[],
  options: OcrOptions = {},
): Promise<OcrPageText[]> {
  if (pageNumbers.length === 0) return [];
  const dpi = options.dpi ?? DEFAULT_DPI;
  return withPdf(bytes, async (doc) => {
    const pages = pageNumbers.filter((n) => Number.isInteger(n) && n >= 1 && n <= doc.numPages);
    if (pages.length === 0) return [];
    const worker = await startWorker();
    try {
      const results: OcrPageText[] = [];
      for (const pageNumber of pages) {
        const image = await renderPage(doc, pageNumber, dpi);
        const { data } = await worker.recognize(image);
        results.push({ page: pageNumber, text: data.text.trim() });
      }
      return results;
    } finally {
      await worker.terminate();
    }
  });
}
