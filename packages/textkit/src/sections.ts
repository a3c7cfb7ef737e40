import { readMarkdownBlocks } from "./markdown-blocks";
import { protectEscapes, restoreEscapes, unescapeMarkdown } from "./plain-text";

/** A markdown heading with where it starts, so any offset can be named by its section. */
export interface OutlineHeading {
  level: number;
  /** Heading text without inline markdown. */
  text: string;
  /** Offset of the heading's text in the source. */
  start: number;
}

/** Text without inline markdown ("**Scope**" → "Scope", links → their text, "\<MIME\>" → "<MIME>"). */
export function plainInline(markdown: string): string {
  const plain = protectEscapes(markdown)
    // Images (badges) say nothing in prose; a badge is often wrapped in a link, so images go first.
    .replace(/!\[[^[\]\n]{0,500}\]\([^()\s]{0,2000}\)/g, "")
    .replace(/\[([^[\]\n]{0,500})\]\([^()\s]{0,2000}\)/g, "$1")
    // Reference links ("[Documentation/gittutorial.txt][]") and autolinks ("<https://…>").
    .replace(/\[([^[\]\n]{1,500})\]\[[^[\]\n]{0,200}\]/g, "$1")
    .replace(/<((?:https?|ftp|mailto):[^<>\s]{1,2000})>/gi, "$1")
    .replace(/(\*\*|__|`)(.{1,500}?)\1/g, "$2")
    .replace(/(^|\W)[*_](.{1,500}?)[*_](?=\W|$)/g, "$1$2")
    .replace(/\s+/g, " ")
    .trim();
  return restoreEscapes(plain);
}

/** Every heading of the document in order. */
export function headingOutline(text: string): OutlineHeading[] {
  return readMarkdownBlocks(text)
    .filter((block) => block.kind === "heading")
    .map((block) => ({
      level: block.level,
      text: plainInline(text.slice(block.start, block.end)),
      start: block.start,
    }));
}

/**
 * Names the section holding each offset: the innermost heading above it. Text before any heading,
 * or under the document's only level-1 heading (its title), is "the introduction", so a note
 * never cites the title as if it were a section.
 */
export function sectionNamer(text: string): (offset: number) => string {
  const outline = documentOutline(text);
  const titleLevelCount = outline.filter((h) => h.level === 1).length;
  return (offset) => {
    let current: OutlineHeading | undefined;
    for (const heading of outline) {
      if (heading.start > offset) break;
      current = heading;
    }
    if (!current || (current.level === 1 && titleLevelCount === 1)) return "the introduction";
    return current.text;
  };
}

/** "§ A", "§ A and § B", "§ A, § B and 2 more": where a rule fired, for a human. */
export function describeSections(sections: readonly string[], max = 3): string {
  const unique = [...new Set(sections)];
  const named = unique.slice(0, max).map((s) => (s === "the introduction" ? s : `§ ${s}`));
  const more = unique.length - named.length;
  if (more > 0) return `${named.join(", ")} and ${more} more`;
  if (named.length <= 1) return named[0] ?? "";
  return `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}

/** "1 e-mail address", "2 e-mail addresses". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

const SMALL_WORDS = new Set("of and the to for a an or in on with by as at from under".split(" "));

/** "Limitation of Liability", "Basic Permissions": every word capitalised but the small ones. */
function isTitleWords(words: readonly string[]): boolean {
  return (
    words.length > 0 &&
    words.length <= 8 &&
    /^[\p{Lu}\d]/u.test(words[0] ?? "") &&
    words.every((w) => /^[\p{Lu}\d("'“]/u.test(w) || SMALL_WORDS.has(w.toLowerCase()))
  );
}

/** The heading a plain-text line states, if it is one: a manual's "DESCRIPTION", a licence's "8. Termination.". */
function plainTextHeading(raw: string): { level: number; text: string; offset: number } | null {
  // Converters escape a line's leading number or rule ("1\. Definitions", "\===").
  const offset = raw.length - raw.trimStart().length;
  const line = unescapeMarkdown(raw);
  const trimmed = line.trim();
  // A DOCX's heading is often a bold paragraph ("**2. Scope**").
  const bold = /^(?:\*\*|__)([^*_\n]{2,80})(?:\*\*|__)$/.exec(trimmed)?.[1]?.trim();
  if (bold && isTitleWords(bold.replace(/^\d+(?:\.\d+)*\.?\s+|[,.:]/g, "").split(/\s+/)))
    return { level: 3, text: bold, offset };
  // A heading and its underline run together when a PDF's text is read back ("Background -----").
  const underlined = /^(\S.{1,78}?)\s+(=|-)\2{2,}$/.exec(trimmed);
  if (underlined?.[1] && !/[.:;,]$/.test(underlined[1]))
    return { level: underlined[2] === "=" ? 1 : 2, text: underlined[1], offset };
  const numbered = /^(\d{1,2})\.[ \t]+/.exec(trimmed);
  if (numbered) {
    const rest = trimmed.slice(numbered[0].length);
    const stop = rest.search(/\.(?:\s|$)/);
    const title = stop === -1 ? rest : rest.slice(0, stop);
    if (isTitleWords(title.split(/\s+/))) return { level: 2, text: `${numbered[1]}. ${title}`, offset };
    return null;
  }
  if (trimmed.length < 2 || trimmed.length > 80) return null;
  if (
    /^[A-Z][A-Z0-9 ,&'()/-]*$/.test(trimmed) &&
    /[A-Z]{2}/.test(trimmed) &&
    trimmed.split(/\s+/).length <= 8
  )
    return { level: 1, text: trimmed, offset };
  // A centred title ("Preamble", "Apache License"): deeply indented, short, in title case.
  if (
    offset >= 8 &&
    isTitleWords(trimmed.replace(/[,.]/g, "").split(/\s+/)) &&
    trimmed.split(/\s+/).length <= 6
  )
    return { level: 1, text: trimmed, offset };
  return null;
}

/**
 * The document's structure for choosing what to summarise: markdown headings, and in plain text
 * (licences, rendered manual pages) the lines that act as headings after a blank line. Linear.
 */
export function documentOutline(text: string): OutlineHeading[] {
  const outline = headingOutline(text);
  const known = new Set(outline.map((h) => h.start));
  let lineStart = 0;
  let previousBlank = true;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, end);
    const heading =
      previousBlank && !/^\s{0,3}(?:#|[-*+|>]\s|```)/.test(line) ? plainTextHeading(line) : null;
    if (heading && !known.has(lineStart + heading.offset))
      outline.push({ level: heading.level, text: heading.text, start: lineStart + heading.offset });
    previousBlank = line.trim() === "";
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return outline.sort((a, b) => a.start - b.start);
}
