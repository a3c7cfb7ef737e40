import type { TextItem } from "pdfjs-dist/types/src/display/api.js";
import { UnreadableFileError } from "./errors.js";
import { CONVERSION_LIMITS, formatCount } from "./limits.js";
import { rebuildMarkdown, type PageRuns, type TextRun } from "./pdf-layout.js";
import { withPdf, type PDFDocumentProxy } from "./pdfjs.js";
import { pdfMetadataTitle } from "./title.js";

export interface PdfConversion {
  markdown: string;
  /** The Info dictionary's Title when it names the document. */
  metadataTitle: string | null;
  pageCount: number;
  pagesNeedingOcr: number[];
  warnings: string[];
}

export interface OcrPageText {
  page: number;
  text: string;
}

/**
 * Marks where a page without a text layer sits in the markdown until its OCR text arrives. An
 * HTML comment, so a markdown renderer shows nothing for it in the meantime.
 */
export function ocrPlaceholder(page: number): string {
  return `<!-- quire:ocr-pending page=${page} -->`;
}

function paragraphsOf(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter((p) => p !== "")
    .join("\n\n");
}

/**
 * Puts OCR text where each page's placeholder is (pages whose placeholder is gone are appended),
 * so the background job can finish a version's markdown: `fillOcrPages(markdown, await ocrPdfPages(…))`.
 */
export function fillOcrPages(markdown: string, results: OcrPageText[]): string {
  let out = markdown;
  for (const { page, text } of results) {
    const body = paragraphsOf(text);
    const marker = ocrPlaceholder(page);
    if (out.includes(marker)) out = out.replace(marker, () => body);
    else if (body) out = `${out.trimEnd()}\n\n${body}\n`;
  }
  return out.replace(/\n{3,}/g, "\n\n");
}

function isTextItem(item: unknown): item is TextItem {
  return typeof item === "object" && item !== null && "str" in item && "transform" in item;
}

async function pageRuns(doc: PDFDocumentProxy, pageNumber: number): Promise<PageRuns> {
  const page = await doc.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const [, , , , , offsetY] = viewport.transform as number[];
    const runs: TextRun[] = [];
    for (const item of content.items) {
      if (!isTextItem(item) || item.str === "") continue;
      const [a = 1, b = 0, c = 0, d = 1, x = 0, y = 0] = item.transform as number[];
      // Rotated text (b, c ≠ 0) still has a usable size from the vertical scale's length.
      const size = Math.hypot(c, d) || Math.hypot(a, b);
      runs.push({ text: item.str, x, y, width: item.width, size });
    }
    // Pages with a cropped or shifted box: y is measured from the box bottom, like the runs.
    return { runs, height: viewport.height || Math.abs(offsetY ?? 0) };
  } finally {
    page.cleanup();
  }
}

/** Text layer → markdown; pages without any text are listed for OCR. */
export async function convertPdf(bytes: Uint8Array): Promise<PdfConversion> {
  return withPdf(bytes, async (doc) => {
    if (doc.numPages > CONVERSION_LIMITS.maxPdfPages) {
      throw new UnreadableFileError(
        `The PDF has ${formatCount(doc.numPages)} pages; Quire converts PDFs of at most ${formatCount(CONVERSION_LIMITS.maxPdfPages)} pages. Split it into smaller files`,
      );
    }
    const pages: PageRuns[] = [];
    for (let n = 1; n <= doc.numPages; n++) pages.push(await pageRuns(doc, n));
    const pagesNeedingOcr = pages.flatMap((p, i) =>
      p.runs.some((r) => r.text.trim() !== "") ? [] : [i + 1],
    );
    if (pagesNeedingOcr.length > CONVERSION_LIMITS.maxOcrPages) {
      throw new UnreadableFileError(
        `${formatCount(pagesNeedingOcr.length)} of the PDF's pages have no text layer; Quire reads at most ${CONVERSION_LIMITS.maxOcrPages} scanned pages per file by OCR. Split it into smaller files`,
      );
    }
    const warnings: string[] = [];
    if (pagesNeedingOcr.length > 0) {
      warnings.push(`${pagesNeedingOcr.length} of ${doc.numPages} pages have no text layer and need OCR`);
    }
    const metadata = await doc.getMetadata().catch(() => null);
    return {
      markdown: rebuildMarkdown(pages, ocrPlaceholder),
      metadataTitle: pdfMetadataTitle(metadata?.info),
      pageCount: doc.numPages,
      pagesNeedingOcr,
      warnings,
    };
  });
}
