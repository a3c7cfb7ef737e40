/**
 * Rebuilds reading structure from a PDF's positioned text: runs → lines (by baseline) →
 * paragraphs (by vertical gaps, indents and short last lines) → markdown, with headings from font
 * size relative to the document's body size, list items from bullet glyphs, hyphenated line
 * breaks joined, and running headers, footers and page numbers dropped. Pure: no pdf.js here.
 * Single-column reading order; multi-column pages come out column-interleaved line by line.
 */

/** One positioned piece of text; y is the baseline in PDF units, growing upwards. */
export interface TextRun {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

export interface PageRuns {
  runs: TextRun[];
  height: number;
}

export interface Line {
  text: string;
  left: number;
  right: number;
  y: number;
  size: number;
  /** Where the text after a bullet glyph starts; set only for list-item lines. */
  itemTextX?: number;
}

export type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "item"; text: string; textX: number }
  | { kind: "paragraph"; text: string }
  | { kind: "raw"; text: string };

const LIGATURES: Record<string, string> = { ﬀ: "ff", ﬁ: "fi", ﬂ: "fl", ﬃ: "ffi", ﬄ: "ffl", ﬅ: "st", ﬆ: "st" };
const BULLETS = new Set(["•", "◦", "▪", "‣", "●", "○", "■", "□", "·", "∙", "➢", "►"]);
/** Glyphs that are bullets only when they stand alone as a run (otherwise dashes in prose). */
const WEAK_BULLETS = new Set(["-", "–", "—", "*"]);
const PAGE_NUMBER = /^(page\s*)?(\d{1,4}|[ivxlcdm]{1,7})(\s*(of|\/)\s*\d{1,4})?$/i;
const HEADING_RATIO = 1.15;
const EDGE_ZONE = 0.12;

function cleanText(text: string): string {
  return text.replace(/[\uFB00-\uFB06]/g, (c) => LIGATURES[c] ?? c).replace(/[\u00A0\s]+/g, " ");
}

const round = (n: number, step = 0.5): number => Math.round(n / step) * step;

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The value carrying the most characters: robust against short lines in odd sizes. */
function dominantBy<T>(items: T[], key: (item: T) => number, weight: (item: T) => number): number {
  const totals = new Map<number, number>();
  for (const item of items) totals.set(key(item), (totals.get(key(item)) ?? 0) + weight(item));
  let best = 0;
  let bestWeight = -1;
  for (const [value, total] of totals) {
    if (total > bestWeight) [best, bestWeight] = [value, total];
  }
  return best;
}

function buildLine(runs: TextRun[]): Line {
  runs.sort((a, b) => a.x - b.x);
  let text = "";
  let previous: TextRun | undefined;
  for (const run of runs) {
    const gap = previous ? run.x - (previous.x + previous.width) : 0;
    const needsSpace = previous && gap > run.size * 0.15 && !/\s$/.test(text) && !/^\s/.test(run.text);
    text += (needsSpace ? " " : "") + run.text;
    previous = run;
  }
  const first = runs[0] as TextRun;
  const last = runs[runs.length - 1] as TextRun;
  const line: Line = {
    text: cleanText(text).trim(),
    left: first.x,
    right: last.x + last.width,
    y: first.y,
    size: round(
      dominantBy(
        runs,
        (r) => round(r.size),
        (r) => r.text.trim().length,
      ),
    ),
  };
  const lead = first.text.trim();
  if ((BULLETS.has(lead[0] ?? "") || WEAK_BULLETS.has(lead)) && runs.length > 1) {
    const after = runs.find((r, i) => i > 0 && r.text.trim() !== "");
    line.itemTextX = after?.x ?? first.x;
  } else if (BULLETS.has(lead[0] ?? "")) {
    line.itemTextX = first.x + first.size;
  }
  return line;
}

/** Groups runs whose baselines lie within 40% of their font size into lines, top to bottom. */
export function groupLines(runs: TextRun[]): Line[] {
  const visible = runs.filter((r) => r.text.trim() !== "" || r.text === " ");
  const sorted = [...visible].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: TextRun[][] = [];
  for (const run of sorted) {
    const group = groups[groups.length - 1];
    const anchor = group?.[0];
    if (group && anchor && Math.abs(anchor.y - run.y) <= Math.max(anchor.size, run.size) * 0.4)
      group.push(run);
    else groups.push([run]);
  }
  return groups
    .filter((g) => g.some((r) => r.text.trim() !== ""))
    .map(buildLine)
    .filter((l) => l.text !== "");
}

/** Repeated top or bottom lines (by text with digits masked, and size) and lone page numbers. */
export function dropPageFurniture(pages: { lines: Line[]; height: number }[]): Line[][] {
  const edgeKey = (l: Line): string => `${l.text.toLowerCase().replace(/\d+/g, "#")}@${l.size}`;
  const isEdge = (l: Line, lines: Line[], height: number): boolean => {
    const index = lines.indexOf(l);
    const nearTop = index < 2 && l.y > height * (1 - EDGE_ZONE);
    const nearBottom = index >= lines.length - 2 && l.y < height * EDGE_ZONE;
    return nearTop || nearBottom;
  };
  const seen = new Map<string, number>();
  for (const { lines, height } of pages) {
    const keys = new Set(lines.filter((l) => isEdge(l, lines, height)).map(edgeKey));
    for (const key of keys) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const repeatedOn = pages.length === 2 ? 2 : 3;
  return pages.map(({ lines, height }) =>
    lines.filter((l) => {
      if (!isEdge(l, lines, height)) return true;
      return !PAGE_NUMBER.test(l.text) && (seen.get(edgeKey(l)) ?? 0) < repeatedOn;
    }),
  );
}

/** Font size → heading level: the largest heading size is "#", the next "##", the rest "###". */
export function headingLevels(pages: Line[][]): { body: number; levels: Map<number, number> } {
  const all = pages.flat();
  const body = dominantBy(
    all,
    (l) => l.size,
    (l) => l.text.length,
  );
  const sizes = new Set<number>();
  for (const line of all) {
    if (line.size >= body * HEADING_RATIO && line.text.length <= 200 && /\p{L}/u.test(line.text)) {
      sizes.add(line.size);
    }
  }
  const levels = new Map<number, number>();
  [...sizes].sort((a, b) => b - a).forEach((size, i) => levels.set(size, Math.min(i + 1, 3)));
  return { body, levels };
}

/** Joins two lines of one paragraph, mending words hyphenated across the break. */
export function joinLines(before: string, after: string): string {
  if (/\p{L}[-\u00AD]$/u.test(before) && /^\p{Ll}/u.test(after)) return before.slice(0, -1) + after;
  if (before.endsWith("\u00AD")) return before.slice(0, -1) + after;
  return `${before} ${after}`;
}

interface PageMetrics {
  body: number;
  lineGap: number;
  left: number;
  right: number;
}

function pageMetrics(lines: Line[], body: number): PageMetrics {
  const bodyLines = lines.filter((l) => Math.abs(l.size - body) <= body * 0.1);
  const gaps: number[] = [];
  for (let i = 1; i < bodyLines.length; i++) {
    const gap = (bodyLines[i - 1] as Line).y - (bodyLines[i] as Line).y;
    if (gap > 0 && gap < body * 3) gaps.push(gap);
  }
  const rights = bodyLines.map((l) => l.right).sort((a, b) => a - b);
  return {
    body,
    lineGap: median(gaps) ?? body * 1.2,
    left: dominantBy(
      bodyLines,
      (l) => round(l.left, 2),
      () => 1,
    ),
    right: rights[Math.floor(rights.length * 0.9)] ?? 0,
  };
}

/** Whether `line` starts a new paragraph after `previous` (both body text). */
function startsParagraph(previous: Line, line: Line, block: Block, m: PageMetrics): boolean {
  const gap = previous.y - line.y;
  if (gap <= 0 || gap > m.lineGap * 1.35) return true;
  if (Math.abs(line.size - previous.size) > m.body * 0.15) return true;
  if (block.kind === "item") return line.left < block.textX - 2;
  const width = m.right - m.left;
  const shortEnd = previous.right < m.right - width * 0.15 && /[.!?:]["'”’)]?$/.test(previous.text);
  const indented = line.left > previous.left + m.body * 0.8 && line.left > m.left + m.body * 0.8;
  return shortEnd || indented;
}

function itemText(line: Line): string {
  return line.text.replace(/^\S\s*/, "");
}

/** Lines of one page → blocks, given the document's heading sizes. */
export function pageBlocks(lines: Line[], body: number, levels: Map<number, number>): Block[] {
  const metrics = pageMetrics(lines, body);
  const blocks: Block[] = [];
  let previous: Line | undefined;
  for (const line of lines) {
    const block = blocks[blocks.length - 1];
    const level = levels.get(line.size);
    if (level !== undefined) {
      const continues = block?.kind === "heading" && block.level === level && previous;
      if (continues && previous && previous.y - line.y < line.size * 1.6)
        block.text = `${block.text} ${line.text}`;
      else blocks.push({ kind: "heading", level, text: line.text });
    } else if (line.itemTextX !== undefined) {
      blocks.push({ kind: "item", text: itemText(line), textX: line.itemTextX });
    } else if (
      block &&
      block.kind !== "heading" &&
      previous &&
      !startsParagraph(previous, line, block, metrics)
    ) {
      block.text = joinLines(block.text, line.text);
    } else {
      blocks.push({ kind: "paragraph", text: line.text });
    }
    previous = line;
  }
  return blocks;
}

/** A paragraph cut by a page break continues on the next page when it ends mid-sentence. */
export function mergeAcrossPages(pages: Block[][]): Block[] {
  const out: Block[] = [];
  for (const blocks of pages) {
    const [first, ...rest] = blocks;
    const last = out[out.length - 1];
    const continues =
      first?.kind === "paragraph" &&
      (last?.kind === "paragraph" || last?.kind === "item") &&
      !/[.!?:;]["'”’)]?$/.test(last.text) &&
      /^[\p{Ll}\d(]/u.test(first.text);
    if (continues && last && first) {
      last.text = joinLines(last.text, first.text);
      out.push(...rest);
    } else {
      out.push(...blocks);
    }
  }
  return out;
}

/**
 * Keeps a PDF's words from being read as markup: raw HTML tags, headings or quotes at line start,
 * and emphasis or code marks ("*.patch and *.diff" is two file patterns, not italics). An
 * underscore inside a word (snake_case) cannot open emphasis, so only one at a word's edge is escaped.
 */
function escapeInline(text: string): string {
  return text
    .replace(/([*`])/g, "\\$1")
    .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, "\\_")
    .replace(/<(?=[A-Za-z/!?])/g, "\\<")
    .replace(/^([#>])/, "\\$1");
}

export function renderBlocks(blocks: Block[]): string {
  let out = "";
  let previous: Block | undefined;
  for (const block of blocks) {
    const separator = !previous ? "" : previous.kind === "item" && block.kind === "item" ? "\n" : "\n\n";
    if (block.kind === "heading") out += `${separator}${"#".repeat(block.level)} ${escapeInline(block.text)}`;
    else if (block.kind === "item") out += `${separator}- ${escapeInline(block.text)}`;
    else if (block.kind === "raw") out += `${separator}${block.text}`;
    else out += `${separator}${escapeInline(block.text)}`;
    previous = block;
  }
  return out ? `${out}\n` : "";
}

/**
 * Whole-document rebuild. A page with no text gets `placeholder(pageNumber)` as a raw block
 * instead (where its OCR text will go).
 */
export function rebuildMarkdown(pages: PageRuns[], placeholder: (pageNumber: number) => string): string {
  const lines = dropPageFurniture(pages.map((p) => ({ lines: groupLines(p.runs), height: p.height })));
  const { body, levels } = headingLevels(lines);
  const blocks = lines.map((pageLines, i) =>
    pages[i]?.runs.some((r) => r.text.trim() !== "")
      ? pageBlocks(pageLines, body, levels)
      : [{ kind: "raw", text: placeholder(i + 1) } satisfies Block],
  );
  return renderBlocks(mergeAcrossPages(blocks));
}
