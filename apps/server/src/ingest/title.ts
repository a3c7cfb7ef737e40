import { markdownToPlainText } from "@quire/textkit";
import { unzipSync } from "fflate";

/** Titles longer than this are a sentence or a paragraph that happens to be styled as a heading. */
const MAX_TITLE_CHARS = 200;
/** The document's own title is near its start: only this much markdown is looked at. */
const HEAD_CHARS = 20_000;
/** core.xml is a few hundred bytes; a larger one is not read (the archive guard has already run). */
const MAX_CORE_XML_BYTES = 64 * 1024;

/**
 * Metadata titles that name the program or the template rather than the document: Word's
 * "Microsoft Word - report.doc", LaTeX's empty or "untitled", a bare file name.
 */
function usableTitle(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let title = raw.replace(/\s+/g, " ").trim();
  title = title.replace(/^Microsoft (?:Word|PowerPoint|Excel) - /i, "");
  if (/^(?:untitled|title|document\d*|slide \d+)$/i.test(title)) return null;
  if (/^[\w.-]+\.(?:docx?|pdf|odt|rtf|txt|md|html?|tex)$/i.test(title)) return null;
  if (title.length === 0 || title.length > MAX_TITLE_CHARS) return null;
  return title;
}

/**
 * The first level-1 or level-2 heading in the first 20,000 characters (ATX `# Title` or a setext
 * line underlined with `===`/`---`), as plain text. Lines are scanned one by one: linear.
 */
export function firstHeading(markdown: string): string | null {
  const lines = markdown.slice(0, HEAD_CHARS).split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? "").trimEnd();
    const atx = /^ {0,3}#{1,2}[ \t]+(.+)$/.exec(line);
    if (atx?.[1]) {
      const text = usableTitle(markdownToPlainText(atx[1].replace(/[ \t]#+$/, "")));
      if (text) return text;
      continue;
    }
    const next = lines[i + 1]?.trim() ?? "";
    if (line.trim() !== "" && /^(?:={3,}|-{3,})$/.test(next) && !/^\s*[-*+>|]/.test(line)) {
      const text = usableTitle(markdownToPlainText(line));
      if (text) return text;
    }
  }
  return null;
}

/** PDF `Title` metadata (the Info dictionary), when it names the document. */
export function pdfMetadataTitle(info: unknown): string | null {
  const title = (info as { Title?: unknown } | null)?.Title;
  return typeof title === "string" ? usableTitle(title) : null;
}

function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    const lower = entity.toLowerCase();
    if (named[lower]) return named[lower];
    const code = lower.startsWith("#x") ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/** The DOCX core title (`docProps/core.xml`, `<dc:title>`); call after the archive guard. */
export function docxCoreTitle(bytes: Uint8Array): string | null {
  let xml: string;
  try {
    const files = unzipSync(bytes, {
      filter: (file) => file.name === "docProps/core.xml" && file.originalSize <= MAX_CORE_XML_BYTES,
    });
    const core = files["docProps/core.xml"];
    if (!core) return null;
    xml = new TextDecoder().decode(core);
  } catch {
    return null;
  }
  const open = xml.indexOf("<dc:title");
  if (open < 0) return null;
  const start = xml.indexOf(">", open);
  const end = xml.indexOf("</dc:title>", start);
  if (start < 0 || end < 0 || xml[start - 1] === "/") return null;
  return usableTitle(decodeXmlText(xml.slice(start + 1, end)));
}
