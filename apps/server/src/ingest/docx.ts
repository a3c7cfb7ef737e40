import mammoth from "mammoth";
import { createRequire } from "node:module";
import TurndownService from "turndown";
import { damagedFile } from "./errors.js";
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

/** DOCX → HTML with mammoth (headings, lists, tables, emphasis) → markdown with turndown + GFM tables. */
export async function convertDocx(bytes: Uint8Array, limits?: ZipLimits): Promise<DocxConversion> {
  assertSafeDocxArchive(bytes, limits);
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
