/**
 * What one uploaded file may cost to convert. A file past any of these is refused with 422 and the
 * limit named, so a small hostile file (a zip bomb, a PDF of 20,000 empty pages) cannot take the
 * server's memory or time. The README's security section lists them.
 */
export const CONVERSION_LIMITS = {
  /** Pages read from one PDF. */
  maxPdfPages: 2_000,
  /** Pages without a text layer read by OCR (about 5 s each, in a background job). */
  maxOcrPages: 300,
  /** Characters of markdown one version may hold (about 1,500 printed pages). */
  maxMarkdownChars: 5_000_000,
  /** One XML part of a DOCX (its text lives in word/document.xml) once unpacked. */
  maxDocxXmlBytes: 16 * 1024 * 1024,
  /** Wall time of one conversion, in its worker thread. */
  timeoutMs: 60_000,
  /** Heap of a conversion worker thread; past it the worker dies, never the server. */
  workerHeapMb: 1_024,
  /**
   * Pixels of one image OCR decodes (width × height): a 600 dpi A3 scan is about 70 million. An
   * image of a few kilobytes on disk may declare far more, and decoding it would take gigabytes.
   */
  maxOcrImagePixels: 100_000_000,
} as const;

export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}
