import { readMarkdownBlocks } from "./markdown-blocks";

/** A markdown heading with where it starts, so any offset can be named by its section. */
export interface OutlineHeading {
  level: number;
  /** Heading text without inline markdown. */
  text: string;
  /** Offset of the heading's text in the source. */
  start: number;
}

/** Heading text without inline markdown ("**Scope**" → "Scope", links → their text). */
export function plainInline(markdown: string): string {
  return markdown
    .replace(/!?\[([^[\]\n]{0,500})\]\([^()\s]{0,2000}\)/g, "$1")
    .replace(/(\*\*|__|`)(.{1,500}?)\1/g, "$2")
    .replace(/(^|\W)[*_](.{1,500}?)[*_](?=\W|$)/g, "$1$2")
    .replace(/\s+/g, " ")
    .trim();
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
  const outline = headingOutline(text);
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
