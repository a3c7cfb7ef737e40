import { readMarkdownBlocks, type MarkdownBlock } from "./markdown-blocks";
import { splitSentences } from "./sentences";
import { plainInline } from "./sections";
import { tokenize, tokenizeWithOffsets } from "./tokenize";

export interface ChunkOptions {
  /** A passage is closed at a block boundary once it has this many words. Default 100. */
  minWords?: number;
  /** A passage is not grown past this many words; longer blocks are split. Default 300. */
  maxWords?: number;
}

export interface Passage {
  /** 0-based position of the passage in the document. */
  ordinal: number;
  /** The innermost heading above the passage, or null before the first heading. */
  heading: string | null;
  /** Headings from the outermost to the innermost, for citing as "Section › Subsection". */
  headingPath: string[];
  /** The passage's markdown, verbatim from the source (its heading line is not included). */
  text: string;
  /** 1-based first and last source lines of the passage, inclusive. */
  startLine: number;
  endLine: number;
  wordCount: number;
}

/** A run of source text that is never split further: a whole block or part of a long one. */
interface Piece {
  start: number;
  end: number;
  words: number;
}

interface Section {
  headingPath: string[];
  pieces: Piece[];
}

const DEFAULT_MIN_WORDS = 100;
const DEFAULT_MAX_WORDS = 300;

function countWords(text: string): number {
  return tokenize(text).length;
}

/** Heading text without inline markdown, so a citation reads "Retention › Exceptions". */
function plainHeading(markdown: string): string {
  // A trailing {#anchor} goes first; the rest is the same inline clean-up as the heading outline's.
  return plainInline(markdown.trimEnd().replace(/\{#[^}\s]{0,200}\}$/, ""));
}

function lineStartOffsets(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) {
    starts.push(index + 1);
  }
  return starts;
}

/** 0-based line holding `offset`. */
function lineOf(lineStarts: number[], offset: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((lineStarts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Greedily packs consecutive units into pieces of at most `maxWords` words. */
function packUnits(units: Piece[], maxWords: number): Piece[] {
  const pieces: Piece[] = [];
  for (const unit of units) {
    const last = pieces.at(-1);
    if (last && last.words + unit.words <= maxWords) {
      last.end = unit.end;
      last.words += unit.words;
    } else {
      pieces.push({ ...unit });
    }
  }
  return pieces;
}

/** Word windows of a single over-long run of text (a sentence or line with no place to cut). */
function splitByWords(text: string, start: number, end: number, maxWords: number): Piece[] {
  const tokens = tokenizeWithOffsets(text.slice(start, end));
  const pieces: Piece[] = [];
  for (let index = 0; index < tokens.length; index += maxWords) {
    const window = tokens.slice(index, index + maxWords);
    const first = window[0];
    const last = window.at(-1);
    if (first && last) {
      pieces.push({ start: start + first.start, end: start + last.end, words: window.length });
    }
  }
  return pieces;
}

function sentenceUnits(text: string, block: MarkdownBlock, maxWords: number): Piece[] {
  const body = text.slice(block.start, block.end);
  return splitSentences(body).flatMap((sentence) => {
    const start = block.start + sentence.start;
    const end = block.start + sentence.end;
    const words = countWords(sentence.text);
    return words > maxWords ? splitByWords(text, start, end, maxWords) : [{ start, end, words }];
  });
}

function lineUnits(text: string, lineStarts: number[], block: MarkdownBlock): Piece[] {
  const units: Piece[] = [];
  for (let line = block.firstLine; line <= block.lastLine; line++) {
    const start = lineStarts[line] as number;
    const next = lineStarts[line + 1];
    const end = next === undefined ? text.length : next - 1;
    units.push({ start, end, words: countWords(text.slice(start, end)) });
  }
  return units;
}

/**
 * The pieces of one block. A block within `maxWords` is one piece; a code block or table stays
 * whole up to twice that, then splits between lines; prose splits between sentences.
 */
function blockPieces(text: string, lineStarts: number[], block: MarkdownBlock, maxWords: number): Piece[] {
  const start = lineStarts[block.firstLine] as number;
  const nextLine = lineStarts[block.lastLine + 1];
  const end = nextLine === undefined ? text.length : nextLine - 1;
  const words = countWords(text.slice(start, end));
  const atomic = block.kind === "code" || block.kind === "table";
  if (words <= maxWords || (atomic && words <= maxWords * 2)) return [{ start, end, words }];
  const units = atomic ? lineUnits(text, lineStarts, block) : sentenceUnits(text, block, maxWords);
  return packUnits(units, maxWords);
}

function readSections(text: string, lineStarts: number[], maxWords: number): Section[] {
  const sections: Section[] = [{ headingPath: [], pieces: [] }];
  const headings: Array<{ level: number; title: string }> = [];
  for (const block of readMarkdownBlocks(text)) {
    if (block.kind === "heading") {
      while ((headings.at(-1)?.level ?? 0) >= block.level) headings.pop();
      headings.push({ level: block.level, title: plainHeading(text.slice(block.start, block.end)) });
      sections.push({ headingPath: headings.map((heading) => heading.title), pieces: [] });
    } else {
      sections.at(-1)?.pieces.push(...blockPieces(text, lineStarts, block, maxWords));
    }
  }
  return sections;
}

/**
 * Groups a section's pieces into passages: a passage is closed at a block boundary once it has
 * `minWords`, or before it would pass `maxWords`; a short tail joins the passage before it when
 * both fit within `maxWords`.
 */
function groupPieces(pieces: Piece[], minWords: number, maxWords: number): Piece[] {
  const groups: Piece[] = [];
  let current: Piece | undefined;
  for (const piece of pieces) {
    const closeCurrent =
      current !== undefined && (current.words >= minWords || current.words + piece.words > maxWords);
    if (current === undefined || closeCurrent) {
      if (current) groups.push(current);
      current = { ...piece };
    } else {
      current.end = piece.end;
      current.words += piece.words;
    }
  }
  if (current) {
    const previous = groups.at(-1);
    if (previous && current.words < minWords && previous.words + current.words <= maxWords) {
      previous.end = current.end;
      previous.words += current.words;
    } else {
      groups.push(current);
    }
  }
  return groups;
}

/**
 * Cuts markdown into passages along headings and paragraphs, for indexing and citing.
 * Passages never cross a heading; fenced code and tables stay whole unless one alone passes
 * `maxWords * 2`. Deterministic: the same input always gives the same passages.
 */
export function chunkMarkdown(markdown: string, opts: ChunkOptions = {}): Passage[] {
  const maxWords = Math.max(1, opts.maxWords ?? DEFAULT_MAX_WORDS);
  const minWords = Math.min(opts.minWords ?? DEFAULT_MIN_WORDS, maxWords);
  const lineStarts = lineStartOffsets(markdown);
  const passages: Passage[] = [];
  for (const section of readSections(markdown, lineStarts, maxWords)) {
    for (const group of groupPieces(section.pieces, minWords, maxWords)) {
      const passageText = markdown.slice(group.start, group.end).replace(/\s+$/, "");
      if (group.words === 0 && passageText.trim() === "") continue;
      passages.push({
        ordinal: passages.length,
        heading: section.headingPath.at(-1) ?? null,
        headingPath: section.headingPath,
        text: passageText,
        startLine: lineOf(lineStarts, group.start) + 1,
        endLine: lineOf(lineStarts, group.start + passageText.length - 1) + 1,
        wordCount: countWords(passageText),
      });
    }
  }
  return passages;
}
