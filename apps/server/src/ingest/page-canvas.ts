import { createCanvas, type Canvas } from "@napi-rs/canvas";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api.js";

const OVERSIZED_IMAGE_WARNING = /Image exceeded maximum allowed size/;

export interface DrawnPage {
  canvas: Canvas;
  /**
   * pdf.js skipped an image past the document's `maxImagePixels` (openPdf) instead of decoding it:
   * what was drawn is missing that image, and a caller refuses the page rather than show it blank.
   */
  oversized: boolean;
}

/**
 * Draws one PDF page onto a white canvas (as on paper) of `width` × `height` pixels at `scale`
 * (1 = 72 dpi); what falls outside the canvas is cut off. Used by OCR and by thumbnails, in the
 * conversion worker threads, which draw one page at a time.
 */
export async function drawPdfPage(
  page: PDFPageProxy,
  scale: number,
  size: { width: number; height: number },
): Promise<DrawnPage> {
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.max(1, Math.ceil(size.width)), Math.max(1, Math.ceil(size.height)));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  const warn = console.warn;
  let oversized = false;
  // pdf.js reports a skipped image only as a warning (the PDF is opened with warnings on).
  console.warn = (...args: unknown[]) => {
    if (args.some((a) => typeof a === "string" && OVERSIZED_IMAGE_WARNING.test(a))) oversized = true;
  };
  try {
    // @napi-rs/canvas implements the 2D context pdf.js draws with; its types are not the DOM's.
    const renderContext = { canvas: null, canvasContext: context, viewport } as unknown as Parameters<
      typeof page.render
    >[0];
    await page.render(renderContext).promise;
    return { canvas, oversized };
  } finally {
    console.warn = warn;
  }
}
