import { unzipSync } from "fflate";
import mammoth from "mammoth";
import { createRequire } from "node:module";
import TurndownService from "turndown";
import { damagedFile, UnreadableFileError } from "./errors.js";
import { CONVERSION_LIMITS, formatCount } from "./limits.js";
import { docxCoreTitle } from "./title.js";
import { assertSafeDocxArchive, type ZipLimits } from "./zip-guard.js";

// The GFM plugin ships no types; this is the one export used (tables, strikethrough, task lists).
const { gfm } = createRequire(import.meta.url)("@joplin/turndown-plugin-gfm") as {
  gfm: TurndownService.Plugin;
};

export interface DocxConversion {
  markdown: string;
  /** The core properties' title (File › Properties in Word) when it names the document. */
  metadataTitle: string | null;
  warnings: string[];
}

/**
 * Styles LibreOffice and Word write that mammoth's defaults do not map: without these, italic
 * made with the "Emphasis" character style is lost. Paragraph styles are left alone (beyond
 * titles) because a mapping would override mammoth's list detection for numbered paragraphs.
 */
const STYLE_MAP = [
  "r[style-name='Emphasis'] => em",
  "r[style-name='Strong Emphasis'] => strong",
  "r[style-name='Strong'] => strong",
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='Subtitle'] => h2:fresh",
  // Word's and LibreOffice's names for quotations and code (Quire's Word renditions use Word's).
  // Not LibreOffice's "Preformatted Text": it gives that style to every line of a plain text file
  // it saves as DOCX, and reading it as code would make whole documents one code block.
  "p[style-name='Quote'] => blockquote > p:fresh",
  "p[style-name='Quotations'] => blockquote > p:fresh",
  "p[style-name='HTML Preformatted'] => pre > code:separator('\\n')",
  "r[style-name='HTML Code'] => code",
  "r[style-name='Source Text'] => code",
];

/** Mammoth repeats a warning per occurrence; a few distinct ones tell the reader enough. */
const MAX_WARNINGS = 10;

/** The part of a DOM element the list rule reads (no DOM types in this Node project). */
interface ListParent {
  nodeName: string;
  children: ArrayLike<unknown>;
  getAttribute(name: string): string | null;
}

function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: "atx",
    bulletListMarker: "-",
    emDelimiter: "_",
    strongDelimiter: "**",
    codeBlockStyle: "fenced",
  });
  service.use(gfm);
  service.remove("img");
  // Turndown pads list markers to four columns ("-   item"); "- item" is what people write.
  service.addRule("compactListItem", {
    filter: "li",
    replacement: (content, node, options) => {
      const parent = node.parentNode as unknown as ListParent | null;
      let prefix = `${options.bulletListMarker} `;
      if (parent?.nodeName === "OL") {
        const start = Number(parent.getAttribute("start") ?? 1);
        prefix = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
      }
      const isParagraph = /\n$/.test(content);
      const body = content.replace(/^\n+/, "").replace(/\n+$/, "") + (isParagraph ? "\n" : "");
      const indented = body.replace(/\n/g, `\n${" ".repeat(prefix.length)}`);
      return prefix + indented + (node.nextSibling ? "\n" : "");
    },
  });
  return service;
}

function warningsFrom(messages: { type: string; message: string }[], droppedImages: number): string[] {
  // Styles mammoth does not know still come out as plain paragraphs and text: not worth a warning.
  const worth = messages.filter((m) => !m.message.startsWith("Unrecognised "));
  const warnings = [...new Set(worth.map((m) => m.message))].slice(0, MAX_WARNINGS);
  if (droppedImages > 0) {
    const noun = droppedImages === 1 ? "image was" : "images were";
    warnings.unshift(`${droppedImages} ${noun} left out: the markdown keeps text only`);
  }
  return warnings;
}

/** Elements whose runs mammoth leaves out: deleted and moved-away text, an mc:AlternateContent's Choice. */
const SKIPPED_TAG = /<(\/?)(w:t|w:del|w:moveFrom|mc:Choice)(?=[\s/>])[^>]*?(\/?)>/g;

/** Characters from `from` to `to` of XML text, whitespace left out and an entity counted as one. */
function visibleChars(xml: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const code = xml.charCodeAt(i);
    if (code === 0x26) {
      const end = xml.indexOf(";", i);
      if (end > i && end < to) i = end;
    } else if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) continue;
    count++;
  }
  return count;
}

/**
 * The text of the body's runs (w:t) as mammoth reads it, counted without whitespace (which the
 * markdown may collapse): never more than the markdown will hold. Stops counting once past `cap`.
 */
export function bodyTextAtLeast(xml: string, cap: number): number {
  let count = 0;
  let skipped = 0;
  const tags = new RegExp(SKIPPED_TAG.source, "g");
  for (let m = tags.exec(xml); m; m = tags.exec(xml)) {
    const [, closing, name, selfClosing] = m;
    if (name !== "w:t") {
      if (!selfClosing) skipped = Math.max(0, skipped + (closing ? -1 : 1));
      continue;
    }
    if (closing || selfClosing || skipped > 0) continue;
    const end = xml.indexOf("</w:t>", tags.lastIndex);
    if (end < 0) break;
    count += visibleChars(xml, tags.lastIndex, end);
    if (count > cap) return count;
    tags.lastIndex = end;
  }
  return count;
}

/**
 * A body whose text alone is over the markdown cap is refused before mammoth reads it: reading
 * 16 MB of XML and turning it into markdown takes tens of seconds on a busy machine, only for the
 * result to be refused, and could outlast the conversion's time limit (then the reason given would
 * be the time, not the size).
 */
function refuseTextOverCap(bytes: Uint8Array): void {
  const cap = CONVERSION_LIMITS.maxMarkdownChars;
  const part = unzipSync(bytes, { filter: (file) => file.name === "word/document.xml" })["word/document.xml"];
  if (!part) return;
  if (bodyTextAtLeast(new TextDecoder().decode(part), cap) > cap) {
    throw new UnreadableFileError(
      `The file converts to more than ${formatCount(cap)} characters of text; Quire keeps documents of at most ${formatCount(cap)} characters. Split it into smaller files`,
    );
  }
}

/** DOCX → HTML with mammoth (headings, lists, tables, emphasis) → markdown with turndown + GFM tables. */
export async function convertDocx(bytes: Uint8Array, limits?: ZipLimits): Promise<DocxConversion> {
  assertSafeDocxArchive(bytes, limits);
  refuseTextOverCap(bytes);
  let droppedImages = 0;
  const convertImage = mammoth.images.imgElement(async () => {
    droppedImages += 1;
    return { src: "" };
  });
  let result: Awaited<ReturnType<typeof mammoth.convertToHtml>>;
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    result = await mammoth.convertToHtml({ buffer }, { convertImage, styleMap: STYLE_MAP });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw damagedFile(`the DOCX cannot be read (${detail})`, error);
  }
  const markdown = createTurndown().turndown(result.value).trim();
  return {
    markdown: markdown ? `${markdown}\n` : "",
    metadataTitle: docxCoreTitle(bytes),
    warnings: warningsFrom(result.messages, droppedImages),
  };
}
