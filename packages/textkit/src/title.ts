import { markdownToPlainText } from "./plain-text";

/**
 * A document's title from its own text, one rule for the server (a stored document's title) and
 * the web (the upload form's title before sending).
 */

/** Titles longer than this are a sentence or a paragraph that happens to be styled as a heading. */
const MAX_TITLE_CHARS = 200;
/** The document's own title is near its start: only this much markdown is looked at. */
const HEAD_CHARS = 20_000;

/**
 * Metadata titles that name the program or the template rather than the document: Word's
 * "Microsoft Word - report.doc", LaTeX's empty or "untitled", a bare file name.
 */
export function usableTitle(raw: string | null | undefined): string | null {
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
