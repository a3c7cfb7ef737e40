import { diffArrays, diffWordsWithSpace } from "diff";
import { tokenize } from "./tokenize";

export interface DiffOptions {
  /** Above this many lines on either side the line diff is not attempted. Default 20,000. */
  maxLines?: number;
  /** Time budget for the whole diff, word highlights included. Default 1,000 ms. */
  timeoutMs?: number;
  /** Rows returned per view (the statistics still count every line). Default: every row. */
  maxRows?: number;
}

export interface DiffSegment {
  text: string;
  kind: "same" | "added" | "removed";
}

export interface DiffSide {
  /** 1-based line number in its version. */
  number: number;
  text: string;
  /** Word-level highlights, only on "changed" rows (absent when they were skipped). */
  segments?: DiffSegment[];
}

export type DiffRowKind = "unchanged" | "added" | "removed" | "changed";

export interface SideBySideRow {
  kind: DiffRowKind;
  left: DiffSide | null;
  right: DiffSide | null;
}

/** One line of a unified diff. The whole document is listed; the caller folds long context. */
export interface UnifiedLine {
  kind: " " | "+" | "-";
  text: string;
  oldNumber?: number;
  newNumber?: number;
  segments?: DiffSegment[];
}

export interface VersionDiff {
  /** Line counts; a changed line counts as one removed and one added. */
  stats: { added: number; removed: number; unchanged: number };
  sideBySide: SideBySideRow[];
  unified: UnifiedLine[];
  /** True when part of the result is coarser than a full diff; `truncatedReason` says how. */
  truncated: boolean;
  truncatedReason?: string;
}

type Run = { kind: "same" | "removed" | "added"; lines: string[] };

const DEFAULT_MAX_LINES = 20_000;
const DEFAULT_TIMEOUT_MS = 1_000;
/** Word diffs of very long lines (minified text, base64) cost much and show little. */
const MAX_WORD_DIFF_CHARS = 10_000;
/** Removed/added runs larger than this (r × a) are paired by position instead of by similarity. */
const MAX_ALIGNMENT_CELLS = 40_000;
/** Lines less similar than this (Dice over words) are shown as removed + added, not changed. */
const MIN_PAIR_SIMILARITY = 0.3;

function splitIntoLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

function commonPrefixLength(a: string[], b: string[]): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return length;
}

function commonSuffixLength(a: string[], b: string[], prefix: number): number {
  let length = 0;
  while (
    length < a.length - prefix &&
    length < b.length - prefix &&
    a[a.length - 1 - length] === b[b.length - 1 - length]
  ) {
    length++;
  }
  return length;
}

/**
 * A heading's or clause's leading number ("## 9. Training", "4.3 Passwords…"), which a section
 * inserted above shifts. An amount ("30 days", "1.5 hours") is not followed by a capital.
 */
const LEADING_NUMBER =
  /^(\s*(?:#{1,6}\s+)?)(?:§\s*)?(?:\d{1,3}(?:\.\d{1,3}){1,4}\.?|\d{1,3}[.)])(?=\s+\p{Lu})/u;

/** What lines are matched by: a line renumbered by an inserted section is still the same line. */
function alignmentKey(line: string): string {
  return line.replace(LEADING_NUMBER, "$1#");
}

/**
 * Runs from a diff of alignment keys, with the text of each side. Lines matched by key whose
 * text differs (renumbered) are a removed and an added line, so they show as changed rows.
 */
function renumberedRuns(
  changes: ReadonlyArray<{ added?: boolean; removed?: boolean; count?: number; value: string[] }>,
  oldLines: string[],
  newLines: string[],
): Run[] {
  const runs: Run[] = [];
  const push = (kind: Run["kind"], line: string) => {
    const last = runs.at(-1);
    if (last?.kind === kind) last.lines.push(line);
    else runs.push({ kind, lines: [line] });
  };
  let oldIndex = 0;
  let newIndex = 0;
  for (const change of changes) {
    const count = change.count ?? change.value.length;
    for (let i = 0; i < count; i++) {
      if (change.added) push("added", newLines[newIndex++] ?? "");
      else if (change.removed) push("removed", oldLines[oldIndex++] ?? "");
      else {
        const before = oldLines[oldIndex++] ?? "";
        const after = newLines[newIndex++] ?? "";
        if (before === after) push("same", before);
        else {
          push("removed", before);
          push("added", after);
        }
      }
    }
  }
  return runs;
}

/**
 * Line runs from the old to the new text. Common leading and trailing lines are matched first
 * (cheap and exact); the middle goes to Myers' algorithm within the limits, or, past them, is
 * reported whole as removed and re-added.
 */
function lineRuns(
  oldLines: string[],
  newLines: string[],
  maxLines: number,
  timeoutMs: number,
): { runs: Run[]; coarseReason?: string } {
  const prefix = commonPrefixLength(oldLines, newLines);
  const suffix = commonSuffixLength(oldLines, newLines, prefix);
  const oldMiddle = oldLines.slice(prefix, oldLines.length - suffix);
  const newMiddle = newLines.slice(prefix, newLines.length - suffix);
  let middle: Run[] | undefined;
  let coarseReason: string | undefined;
  if (oldLines.length > maxLines || newLines.length > maxLines) {
    coarseReason = `The versions have ${oldLines.length} and ${newLines.length} lines, over the ${maxLines}-line limit`;
  } else {
    const changes = diffArrays(oldMiddle.map(alignmentKey), newMiddle.map(alignmentKey), {
      timeout: timeoutMs,
    });
    if (changes) {
      middle = renumberedRuns(changes, oldMiddle, newMiddle);
    } else {
      coarseReason = `The line diff did not finish within ${timeoutMs} ms`;
    }
  }
  if (coarseReason) {
    coarseReason += `: only the ${prefix} unchanged lines at the start and ${suffix} at the end were matched; the ${oldMiddle.length} old lines between are shown as removed and the ${newMiddle.length} new lines as added.`;
    middle = [
      { kind: "removed", lines: oldMiddle },
      { kind: "added", lines: newMiddle },
    ];
  }
  const runs: Run[] = [
    { kind: "same", lines: oldLines.slice(0, prefix) },
    ...(middle ?? []),
    { kind: "same", lines: oldLines.slice(oldLines.length - suffix) },
  ];
  return { runs: runs.filter((run) => run.lines.length > 0), coarseReason };
}

interface LineWords {
  blank: boolean;
  count: number;
  counts: Map<string, number>;
}

function lineWords(line: string): LineWords {
  const words = tokenize(line);
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return { blank: line.trim() === "", count: words.length, counts };
}

/** Dice coefficient over the two lines' word multisets; blank lines are similar only to blank lines. */
function wordSimilarity(a: LineWords, b: LineWords): number {
  if (a.count === 0 || b.count === 0) return a.blank && b.blank ? 1 : 0;
  let shared = 0;
  for (const [word, count] of a.counts) shared += Math.min(count, b.counts.get(word) ?? 0);
  return (2 * shared) / (a.count + b.count);
}

/**
 * Pairs removed with added lines for "changed" rows: an order-keeping alignment that maximises
 * total word similarity, so an inserted line does not push every following pair out of step.
 * Large blocks, or any block once the time budget is spent, are paired by position instead.
 * Returns [removedIndex, addedIndex] pairs in order.
 */
function pairLines(removed: string[], added: string[], deadline: number): Array<[number, number]> {
  if (removed.length * added.length > MAX_ALIGNMENT_CELLS || performance.now() > deadline) {
    return Array.from({ length: Math.min(removed.length, added.length) }, (_, i) => [i, i]);
  }
  const width = added.length + 1;
  const best = new Float64Array((removed.length + 1) * width);
  const addedWords = added.map(lineWords);
  const similarity = removed.map((line) => {
    const removedWords = lineWords(line);
    return addedWords.map((other) => wordSimilarity(removedWords, other));
  });
  for (let i = 1; i <= removed.length; i++) {
    for (let j = 1; j <= added.length; j++) {
      const score = similarity[i - 1]?.[j - 1] ?? 0;
      const diagonal = score >= MIN_PAIR_SIMILARITY ? (best[(i - 1) * width + j - 1] ?? 0) + score : 0;
      best[i * width + j] = Math.max(best[(i - 1) * width + j] ?? 0, best[i * width + j - 1] ?? 0, diagonal);
    }
  }
  const pairs: Array<[number, number]> = [];
  for (let i = removed.length, j = added.length; i > 0 && j > 0;) {
    const here = best[i * width + j] ?? 0;
    if (here === best[(i - 1) * width + j]) i--;
    else if (here === best[i * width + j - 1]) j--;
    else pairs.push([--i, --j]);
  }
  return pairs.reverse();
}

/** Word-level segments for a changed line, or undefined when skipped for time or size. */
function wordSegments(
  oldLine: string,
  newLine: string,
  deadline: number,
): { left: DiffSegment[]; right: DiffSegment[] } | undefined {
  const remaining = deadline - performance.now();
  if (remaining <= 0 || oldLine.length + newLine.length > MAX_WORD_DIFF_CHARS) return undefined;
  const changes = diffWordsWithSpace(oldLine, newLine, { timeout: Math.ceil(remaining) });
  if (!changes) return undefined;
  const left: DiffSegment[] = [];
  const right: DiffSegment[] = [];
  for (const change of changes) {
    const kind = change.added ? "added" : change.removed ? "removed" : "same";
    if (kind !== "added") appendSegment(left, { text: change.value, kind });
    if (kind !== "removed") appendSegment(right, { text: change.value, kind });
  }
  return { left, right };
}

function appendSegment(segments: DiffSegment[], segment: DiffSegment): void {
  const last = segments.at(-1);
  if (last && last.kind === segment.kind) last.text += segment.text;
  else segments.push(segment);
}

class DiffBuilder {
  readonly sideBySide: SideBySideRow[] = [];
  readonly unified: UnifiedLine[] = [];
  readonly stats = { added: 0, removed: 0, unchanged: 0 };
  skippedWordDiffs = 0;
  private oldNumber = 1;
  private newNumber = 1;

  constructor(private readonly deadline: number) {}

  same(lines: string[]): void {
    for (const text of lines) {
      const left = { number: this.oldNumber++, text };
      const right = { number: this.newNumber++, text };
      this.sideBySide.push({ kind: "unchanged", left, right });
      this.unified.push({ kind: " ", text, oldNumber: left.number, newNumber: right.number });
    }
    this.stats.unchanged += lines.length;
  }

  /** A block of removed lines followed by added lines; `pair` decides whether to pair them. */
  change(removed: string[], added: string[], pair: boolean): void {
    const pairs = pair ? pairLines(removed, added, this.deadline) : [];
    const oldStart = this.oldNumber;
    const newStart = this.newNumber;
    const removedSides: DiffSide[] = removed.map((text) => ({ number: this.oldNumber++, text }));
    const addedSides: DiffSide[] = added.map((text) => ({ number: this.newNumber++, text }));
    let nextRemoved = 0;
    let nextAdded = 0;
    for (const [removedIndex, addedIndex] of [...pairs, [removed.length, added.length] as const]) {
      while (nextRemoved < removedIndex) this.pushOneSided("removed", removedSides[nextRemoved++]);
      while (nextAdded < addedIndex) this.pushOneSided("added", addedSides[nextAdded++]);
      const left = removedSides[nextRemoved++];
      const right = addedSides[nextAdded++];
      if (left && right) this.pushChanged(left, right);
    }
    this.unified.push(...removedSides.map((side, i) => this.unifiedLine("-", side, oldStart + i)));
    this.unified.push(...addedSides.map((side, i) => this.unifiedLine("+", side, newStart + i)));
    this.stats.removed += removed.length;
    this.stats.added += added.length;
  }

  private pushOneSided(kind: "removed" | "added", side: DiffSide | undefined): void {
    if (!side) return;
    this.sideBySide.push(
      kind === "removed" ? { kind, left: side, right: null } : { kind, left: null, right: side },
    );
  }

  private pushChanged(left: DiffSide, right: DiffSide): void {
    const segments = wordSegments(left.text, right.text, this.deadline);
    if (segments) {
      left.segments = segments.left;
      right.segments = segments.right;
    } else {
      this.skippedWordDiffs++;
    }
    this.sideBySide.push({ kind: "changed", left, right });
  }

  private unifiedLine(kind: "-" | "+", side: DiffSide, number: number): UnifiedLine {
    const line: UnifiedLine = { kind, text: side.text };
    if (kind === "-") line.oldNumber = number;
    else line.newNumber = number;
    if (side.segments) line.segments = side.segments;
    return line;
  }
}

/**
 * Line diff of two versions (Myers, via the `diff` package) with word-level highlights inside
 * changed lines, in side-by-side and unified forms. Time is bounded by `timeoutMs`; when a limit
 * is hit the result stays complete and correct line by line, but coarser, and says so.
 */
export function diffVersions(oldText: string, newText: string, opts: DiffOptions = {}): VersionDiff {
  const maxLines = opts.maxLines ?? DEFAULT_MAX_LINES;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = performance.now() + timeoutMs;
  const { runs, coarseReason } = lineRuns(
    splitIntoLines(oldText),
    splitIntoLines(newText),
    maxLines,
    timeoutMs,
  );
  const builder = new DiffBuilder(deadline);
  for (let index = 0; index < runs.length; index++) {
    const run = runs[index] as Run;
    if (run.kind === "same") {
      builder.same(run.lines);
      continue;
    }
    const next = runs[index + 1];
    const removed = run.kind === "removed" ? run.lines : [];
    const added = run.kind === "added" ? run.lines : next?.kind === "added" ? next.lines : [];
    if (run.kind === "removed" && next?.kind === "added") index++;
    builder.change(removed, added, coarseReason === undefined);
  }
  const reasons = [coarseReason];
  if (builder.skippedWordDiffs > 0) {
    reasons.push(
      `Word-level highlights were skipped for ${builder.skippedWordDiffs} changed lines (time limit reached or lines over ${MAX_WORD_DIFF_CHARS} characters).`,
    );
  }
  // A comparison of two huge versions is read page by page in no one's browser: cap what is sent.
  const maxRows = opts.maxRows ?? Number.POSITIVE_INFINITY;
  const rows = builder.sideBySide.length;
  if (rows > maxRows || builder.unified.length > maxRows * 2) {
    reasons.push(
      `The comparison is cut after its first ${maxRows.toLocaleString("en-US")} of ${rows.toLocaleString("en-US")} rows; the statistics count every line. Download both versions to compare the rest.`,
    );
  }
  const truncatedReason = reasons.filter((reason) => reason !== undefined).join(" ");
  return {
    stats: builder.stats,
    sideBySide: builder.sideBySide.slice(0, maxRows),
    unified: builder.unified.slice(0, maxRows * 2),
    truncated: truncatedReason !== "",
    ...(truncatedReason ? { truncatedReason } : {}),
  };
}
