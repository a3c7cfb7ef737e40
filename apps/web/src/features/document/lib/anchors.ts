import { chunkMarkdown, headingOutline } from "@quire/textkit";

/**
 * Stable anchors in a rendered document. Headings get `section-{slug}` ids (numbered when a title
 * repeats); passages get `passage-{ordinal}`, where the ordinal is the passage's position in
 * textkit's `chunkMarkdown` of the same text, exactly as the search index cut it, so a search
 * result or a citation that names a passage opens the document there.
 */
export interface OutlineEntry {
  level: number;
  text: string;
  id: string;
  /** 1-based source line of the heading. */
  line: number;
}

export interface PassageLines {
  ordinal: number;
  startLine: number;
  endLine: number;
}

const PASSAGE_PREFIX = "passage-";
const SECTION_PREFIX = "section-";

export function passageAnchorId(ordinal: number): string {
  return `${PASSAGE_PREFIX}${ordinal}`;
}

/** The passage a location hash names (`#passage-3` → 3), or null. */
export function passageFromHash(hash: string): number | null {
  const value = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!value.startsWith(PASSAGE_PREFIX)) return null;
  const digits = value.slice(PASSAGE_PREFIX.length);
  return /^\d{1,7}$/.test(digits) ? Number(digits) : null;
}

/** "2.1 Scope & Purpose" → "2-1-scope-purpose"; letters of any script are kept. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug;
}

/** Gives `base` a number when it is taken: "scope", "scope-2", "scope-3". */
export function uniqueId(base: string, used: Set<string>): string {
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

export function sectionId(text: string, index: number, used: Set<string>): string {
  return uniqueId(`${SECTION_PREFIX}${slugify(text) || String(index + 1)}`, used);
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line holding `offset`. */
function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/** Every heading with its anchor id, in document order: the outline and the rendered ids agree. */
export function documentOutline(markdown: string): OutlineEntry[] {
  const starts = lineStarts(markdown);
  const used = new Set<string>();
  return headingOutline(markdown).map((heading, index) => ({
    level: heading.level,
    text: heading.text,
    id: sectionId(heading.text, index, used),
    line: lineAt(starts, heading.start),
  }));
}

/** The source lines of each passage, as the search index cut them (its defaults: 100–300 words). */
export function passageLines(markdown: string): PassageLines[] {
  return chunkMarkdown(markdown).map(({ ordinal, startLine, endLine }) => ({ ordinal, startLine, endLine }));
}
