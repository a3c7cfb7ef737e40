import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from "@napi-rs/canvas";
import { UnreadableFileError } from "./errors.js";
import { CONVERSION_LIMITS, formatCount } from "./limits.js";
import { drawPdfPage } from "./page-canvas.js";
import { withPdf } from "./pdfjs.js";

/** Thumbnails are this many pixels wide: twice the widest the web shows (a grid card), for sharp screens. */
export const THUMBNAIL_WIDTH = 320;
/** A page-shaped box (A4's 1:√2); a taller page is cut off there, so a strip of a page cannot make a huge image. */
export const THUMBNAIL_MAX_HEIGHT = Math.round(THUMBNAIL_WIDTH * Math.SQRT2);
export const THUMBNAIL_MEDIA_TYPE = "image/webp";
const WEBP_QUALITY = 80;

/**
 * Encodes on this (worker) thread. The asynchronous `canvas.encode` hands the canvas's pixels to
 * libuv's thread pool without keeping the canvas alive: once the canvas is collected mid-encode,
 * the pool thread reads freed memory and the whole process ends with SIGSEGV (seen under memory
 * pressure, with several drawings in a row). The caller is already off the request thread.
 */
function encodeWebp(canvas: Canvas): Buffer {
  return canvas.encodeSync("webp", WEBP_QUALITY);
}

/** What a thumbnail is drawn from: a PDF's first page, or the start of a version's converted text. */
export type ThumbnailSource = { pdf: Uint8Array } | { text: string };

/**
 * Draws a version's first page, small, as WebP. Runs in a conversion worker thread (Converter.
 * thumbnail) under its heap and time limits.
 */
export async function renderThumbnail(source: ThumbnailSource): Promise<Buffer> {
  return "pdf" in source ? renderPdfThumbnail(source.pdf) : renderTextThumbnail(source.text);
}

/**
 * Page 1 of a PDF at THUMBNAIL_WIDTH. An image of more than maxOcrImagePixels is never decoded
 * (pdf.js skips it, as for OCR): such a page is refused, not shown with a hole where the image was.
 */
async function renderPdfThumbnail(bytes: Uint8Array): Promise<Buffer> {
  return withPdf(
    bytes,
    async (doc) => {
      const page = await doc.getPage(1);
      try {
        const base = page.getViewport({ scale: 1 });
        const scale = THUMBNAIL_WIDTH / base.width;
        const height = Math.min(base.height * scale, THUMBNAIL_MAX_HEIGHT);
        const { canvas, oversized } = await drawPdfPage(page, scale, { width: THUMBNAIL_WIDTH, height });
        if (oversized) {
          throw new UnreadableFileError(
            `Page 1 holds an image of more than ${formatCount(CONVERSION_LIMITS.maxOcrImagePixels)} pixels; no thumbnail is drawn`,
          );
        }
        return encodeWebp(canvas);
      } finally {
        page.cleanup();
      }
    },
    { maxImagePixels: CONVERSION_LIMITS.maxOcrImagePixels, warnings: true },
  );
}

const require = createRequire(import.meta.url);
const FONT_FAMILY = "Quire Thumbnail Sans";

/**
 * Liberation Sans as pdf.js ships it (a dependency already), so text draws the same on a server
 * without any system fonts.
 */
function registerFont(): void {
  if (GlobalFonts.has(FONT_FAMILY)) return;
  const fonts = join(dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts");
  GlobalFonts.registerFromPath(join(fonts, "LiberationSans-Regular.ttf"), FONT_FAMILY);
  GlobalFonts.registerFromPath(join(fonts, "LiberationSans-Bold.ttf"), FONT_FAMILY);
}

interface TextLine {
  text: string;
  size: number;
  bold: boolean;
}

const MARGIN = 22;
const BODY_SIZE = 9;
const HEADING_SIZES = [17, 13, 11] as const;
/** More than one page's worth; the caller sends no more of the text than this. */
export const THUMBNAIL_TEXT_CHARS = 4_000;

/** The markdown's blocks as plain lines, headings marked: what a printed first page would show. */
export function thumbnailLines(markdown: string): TextLine[] {
  const lines: TextLine[] = [];
  const source = markdown.slice(0, THUMBNAIL_TEXT_CHARS).split("\n");
  let fenced = false;
  for (let i = 0; i < source.length; i++) {
    const raw = source[i]!;
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      continue;
    }
    const level = fenced ? 0 : headingLevel(raw, source[i + 1]);
    if (level && !raw.startsWith("#"))
      i++; // an underlined heading: its rule is not drawn
    else if (!fenced && /^\s*(\|?\s*:?-{3,}|[-*_=]{3,}\s*$)/.test(raw)) continue; // table rules, breaks
    const text = inlinePlain(raw.startsWith("#") && level ? raw.replace(/^#+\s+/, "") : raw, fenced);
    if (!text.trim()) {
      if (lines.at(-1)?.text !== "") lines.push({ text: "", size: BODY_SIZE, bold: false });
      continue;
    }
    const size = level ? HEADING_SIZES[Math.min(level, HEADING_SIZES.length) - 1]! : BODY_SIZE;
    lines.push({ text, size, bold: level > 0 });
  }
  return lines;
}

/** 1–6 for an ATX heading (`# Title`) or a line underlined with = (1) or - (2); else 0. */
function headingLevel(line: string, next: string | undefined): number {
  const atx = /^(#{1,6})\s+\S/.exec(line);
  if (atx) return atx[1]!.length;
  if (!line.trim() || next === undefined || /^\s*([-*+]\s|>|\|)/.test(line)) return 0;
  if (/^\s*=+\s*$/.test(next)) return 1;
  return /^\s*-+\s*$/.test(next) ? 2 : 0;
}

function inlinePlain(line: string, code: boolean): string {
  if (code) return line;
  return line
    .replace(/<!--.*?-->/g, "")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s*>\s?/, "")
    .replace(/^(\s*)[-*+]\s+/, "$1• ")
    .replace(/(\*\*|__|`)/g, "")
    .replace(/\s*\|\s*/g, "   ")
    .trim();
}

/** Splits `text` into lines that fit `width` at the context's font; a word wider than a line gets one of its own. */
function wrap(context: SKRSContext2D, text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (context.measureText(next).width <= width || !line) line = next;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  return out;
}

/**
 * The start of a version's converted text on a white page. No office renderer runs in the product
 * (DOCX is read with mammoth, which draws nothing), so DOCX, TXT and MD get a page of their own
 * words, headings bold and larger: every document then has a thumbnail one can recognise.
 */
function renderTextThumbnail(markdown: string): Buffer {
  registerFont();
  const canvas = createCanvas(THUMBNAIL_WIDTH, THUMBNAIL_MAX_HEIGHT);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#1f2328";
  context.textBaseline = "top";
  const width = THUMBNAIL_WIDTH - 2 * MARGIN;
  let y = MARGIN;
  for (const line of thumbnailLines(markdown)) {
    context.font = `${line.bold ? "bold " : ""}${line.size}px "${FONT_FAMILY}"`;
    const lead = Math.round(line.size * 1.4);
    if (!line.text) {
      y += Math.round(BODY_SIZE * 0.6);
      continue;
    }
    if (line.bold) y += Math.round(line.size * 0.3);
    for (const piece of wrap(context, line.text, width)) {
      if (y + lead > canvas.height - MARGIN) return encodeWebp(canvas);
      context.fillText(piece, MARGIN, y, width);
      y += lead;
    }
  }
  return encodeWebp(canvas);
}
