import { convertDocx } from "./docx.js";
import { UnreadableFileError } from "./errors.js";
import { CONVERSION_LIMITS, formatCount } from "./limits.js";
import { convertPdf } from "./pdf.js";
import type { SupportedKind } from "./sniff.js";
import { firstHeading } from "./title.js";
import { decodeUtf8Text } from "./text.js";
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from "./zip-guard.js";

export interface ConvertOptions {
  /** Limits for unpacking a DOCX; defaults to 100 MB in at most 5,000 parts. */
  zipLimits?: ZipLimits;
}

export interface Conversion {
  /** The document as markdown; also what the raw view shows as the extracted text. */
  markdown: string;
  /**
   * The document's own title: PDF Title metadata or DOCX core title, else its first heading;
   * null when it has none (the upload then falls back to the file name).
   */
  title: string | null;
  /** PDFs only. */
  pageCount?: number;
  /** 1-based PDF pages without a text layer; each has a placeholder in `markdown` (see fillOcrPages). */
  pagesNeedingOcr: number[];
  warnings: string[];
}

/**
 * Converts a file of a sniffed kind to markdown. Throws UnreadableFileError (the caller answers
 * 422 with its reason) for empty, encrypted, truncated, corrupt or oversized-when-unpacked files
 * and for text that is not UTF-8.
 */
export async function convertToMarkdown(
  bytes: Uint8Array,
  kind: SupportedKind,
  options: ConvertOptions = {},
): Promise<Conversion> {
  if (bytes.byteLength === 0) throw new UnreadableFileError("The file is empty");
  const { metadataTitle, ...conversion } = await convertByKind(bytes, kind, options);
  const { maxMarkdownChars } = CONVERSION_LIMITS;
  if (conversion.markdown.length > maxMarkdownChars) {
    throw new UnreadableFileError(
      `The file converts to ${formatCount(conversion.markdown.length)} characters of text; Quire keeps documents of at most ${formatCount(maxMarkdownChars)} characters. Split it into smaller files`,
    );
  }
  return { ...conversion, title: metadataTitle ?? firstHeading(conversion.markdown) };
}

async function convertByKind(
  bytes: Uint8Array,
  kind: SupportedKind,
  options: ConvertOptions,
): Promise<Omit<Conversion, "title"> & { metadataTitle: string | null }> {
  switch (kind) {
    case "pdf":
      return convertPdf(bytes);
    case "docx": {
      const docx = await convertDocx(bytes, options.zipLimits ?? DEFAULT_ZIP_LIMITS);
      return { ...docx, pagesNeedingOcr: [] };
    }
    case "txt":
    case "md":
      return { markdown: decodeUtf8Text(bytes), metadataTitle: null, pagesNeedingOcr: [], warnings: [] };
  }
}
