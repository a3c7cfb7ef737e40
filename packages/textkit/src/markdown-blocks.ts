/**
 * A small line-based reader of markdown block structure, shared by sentence splitting and
 * passage chunking. It recognises what those need (ATX and setext headings, fenced code, pipe
 * tables, list items, paragraphs) and reads anything else as paragraphs; it is not a renderer.
 */

export type MarkdownBlockKind = "paragraph" | "heading" | "list-item" | "code" | "table";

export interface MarkdownBlock {
  kind: MarkdownBlockKind;
  /** UTF-16 offsets of the content (markers such as "## " or "- " excluded; fences kept). */
  start: number;
  end: number;
  /** 0-based indexes of the block's first and last line, inclusive. */
  firstLine: number;
  lastLine: number;
  /** Heading level 1–6; 0 for other blocks. */
  level: number;
}

interface Line {
  text: string;
  start: number;
  end: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]+|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;
// Letter markers only with ")" so that an initial ("A. Smith said") does not start a list.
const LIST_MARKER = /^[ \t]*(?:[-*+\u2022]|\d{1,3}[.)]|[a-zA-Z]\))[ \t]+(?=\S)/;
/** A table's row, or a plain-text grid table's rule ("+------+------+"), not a "+ item" list. */
const TABLE_ROW = /^[ \t]*(?:\||\+[-=:+]*[-=][-=:+]*\+[ \t]*$)/;

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    const contentEnd = end > start && text[end - 1] === "\r" ? end - 1 : end;
    lines.push({ text: text.slice(start, contentEnd), start, end: contentEnd });
    if (newline === -1) break;
    start = newline + 1;
  }
  return lines;
}

function isBlank(line: Line): boolean {
  return line.text.trim() === "";
}

/** Index just past a fenced block that opens at `lines[from]` (an unclosed fence runs to the end). */
function endOfFence(lines: Line[], from: number): number {
  const opener = FENCE.exec(lines[from]?.text ?? "")?.[1] ?? "```";
  const closer = new RegExp(`^ {0,3}${opener[0] === "`" ? "`" : "~"}{${opener.length},}[ \\t]*$`);
  for (let index = from + 1; index < lines.length; index++) {
    if (closer.test(lines[index]?.text ?? "")) return index + 1;
  }
  return lines.length;
}

function startsNewBlock(line: Line): boolean {
  return (
    FENCE.test(line.text) ||
    ATX_HEADING.test(line.text) ||
    LIST_MARKER.test(line.text) ||
    TABLE_ROW.test(line.text) ||
    THEMATIC_BREAK.test(line.text)
  );
}

function atxHeading(line: Line, index: number): MarkdownBlock {
  const prefix = /^ {0,3}(#{1,6})[ \t]*/.exec(line.text);
  const hashes = prefix?.[0].length ?? 0;
  const closing = /[ \t]+#+[ \t]*$|[ \t]+$/.exec(line.text.slice(hashes));
  return {
    kind: "heading",
    start: line.start + hashes,
    end: closing ? line.start + hashes + closing.index : line.end,
    firstLine: index,
    lastLine: index,
    level: prefix?.[1]?.length ?? 1,
  };
}

function spanBlock(kind: MarkdownBlockKind, lines: Line[], first: number, last: number): MarkdownBlock {
  const start = (lines[first] as Line).start;
  return { kind, start, end: (lines[last] as Line).end, firstLine: first, lastLine: last, level: 0 };
}

/** Reads a list item or paragraph (or setext heading) at `from`; returns the index after it. */
function readProse(lines: Line[], from: number, blocks: MarkdownBlock[]): number {
  const first = lines[from] as Line;
  const marker = LIST_MARKER.exec(first.text);
  let after = from + 1;
  while (after < lines.length) {
    const next = lines[after] as Line;
    if (!marker && SETEXT_UNDERLINE.test(next.text)) {
      const heading = spanBlock("heading", lines, from, after - 1);
      heading.level = next.text.trim().startsWith("=") ? 1 : 2;
      heading.lastLine = after;
      blocks.push(heading);
      return after + 1;
    }
    if (isBlank(next) || startsNewBlock(next)) break;
    after++;
  }
  const block = spanBlock(marker ? "list-item" : "paragraph", lines, from, after - 1);
  block.start += marker ? marker[0].length : 0;
  blocks.push(block);
  return after;
}

/** Splits markdown (or plain text) into blocks in document order; blank lines separate them. */
export function readMarkdownBlocks(text: string): MarkdownBlock[] {
  const lines = splitLines(text);
  const blocks: MarkdownBlock[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] as Line;
    if (isBlank(line) || THEMATIC_BREAK.test(line.text)) {
      index++;
    } else if (FENCE.test(line.text)) {
      const after = endOfFence(lines, index);
      blocks.push(spanBlock("code", lines, index, after - 1));
      index = after;
    } else if (ATX_HEADING.test(line.text)) {
      blocks.push(atxHeading(line, index));
      index++;
    } else if (TABLE_ROW.test(line.text)) {
      let after = index + 1;
      while (after < lines.length && TABLE_ROW.test((lines[after] as Line).text)) after++;
      blocks.push(spanBlock("table", lines, index, after - 1));
      index = after;
    } else {
      index = readProse(lines, index, blocks);
    }
  }
  return blocks;
}
