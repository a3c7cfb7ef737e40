import type { ClauseChange } from "./clause-changes";
import type { SideBySideRow } from "./diff";
import type { FigureKind } from "./figures";
import type { Obligation } from "./obligations";
import type { RiskLevel } from "./risk-rules";
import { documentOutline, plainInline, plural } from "./sections";

/**
 * The key changes of a version comparison, each pointing at its row in the side-by-side diff:
 * edited clauses first, then obligations, figures, sections and the wording and passages no
 * figure or clause explains (diff-analysis.ts assembles the rest of the analysis).
 */

export interface FigureChange {
  section: string;
  kind: FigureKind;
  before: string | null;
  after: string | null;
  /** The changed line after the change (or before, when it was removed), shortened. */
  context: string;
}

export interface SectionChange {
  section: string;
  added: number;
  removed: number;
  changed: number;
}

/** A key change and where it is in the diff: 1-based line numbers on each side (null when absent). */
export interface KeyChange {
  text: string;
  oldLine: number | null;
  newLine: number | null;
}

export interface RowPlace {
  row: SideBySideRow;
  section: string;
  figures: FigureChange[];
}

/** Obligations of the two versions paired: a reworded one is changed, not removed and added. */
export interface ObligationMoves {
  added: Obligation[];
  removed: Obligation[];
  changed: Array<{ before: Obligation; after: Obligation }>;
}

/** What the key changes are made of. */
export interface KeyChangeSources {
  clauseChanges: ClauseChange[];
  sections: SectionChange[];
  figures: FigureChange[];
  personalDataAdded: number;
  personalDataRemoved: number;
}

export function lineOffsets(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

export function shorten(line: string, max = 140): string {
  const plain = plainInline(line.replace(/^\s*(?:[-*+]|\d+(?:\.\d+)*[.)]?|#+|\|)\s+/, ""));
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

function describeFigure(f: FigureChange): string {
  const place = f.section === "the introduction" ? "the header" : `§ ${f.section}`;
  if (f.before && f.after) return `${place}: ${f.before} → ${f.after} ("${f.context}")`;
  if (f.after) return `${place}: ${f.after} added ("${f.context}")`;
  return `${place}: ${f.before ?? ""} removed ("${f.context}")`;
}

const ORDER: Record<RiskLevel, number> = { High: 2, Medium: 1, Low: 0 };

/** 1-based line holding `offset`, by binary search over the line starts. */
function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** One line per edited clause: every attribute it changed, the worst risk, the clause quoted. */
function describeClauses(changes: readonly ClauseChange[], section: string): string {
  const place = section === "the introduction" ? "" : `§ ${section}: `;
  const names = changes.map((c) => c.attribute);
  const what = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const moves = changes.map((c) => `${c.before} → ${c.after}`).join("; ");
  const risk = changes.some((c) => c.risk === "High") ? "High" : "Medium";
  return `${place}${what} changed (${risk} risk): ${moves} ("${changes[0]?.context ?? ""}")`;
}

/** Clause changes grouped by the clause they are in, worst first. */
function groupClauses(changes: readonly ClauseChange[]): ClauseChange[][] {
  const groups = new Map<string, ClauseChange[]>();
  for (const c of changes) {
    const key = `${c.oldStart}:${c.newStart}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const worst = (g: ClauseChange[]) => Math.max(...g.map((c) => ORDER[c.risk]));
  return [...groups.values()].sort(
    (a, b) => worst(b) - worst(a) || (a[0]?.newStart ?? 0) - (b[0]?.newStart ?? 0),
  );
}

/** "in § 2. Scope"; before any section, "at the start" only for the opening lines. */
function placeOf(section: string, line: number): string {
  if (section !== "the introduction") return `in § ${section}`;
  return line <= 5 ? "at the start" : "in the introduction";
}

/** Changed lines that no figure or clause change explains: wording, quoted as it now reads. */
function reworded(places: RowPlace[]): KeyChange[] {
  return places
    .filter((p) => p.row.kind === "changed" && p.figures.length === 0 && p.row.right)
    .slice(0, 3)
    .map(({ row, section }) => ({
      text: `Reworded ${placeOf(section, row.right?.number ?? 1)}: "${shorten(row.right?.text ?? "", 100)}"`,
      oldLine: row.left?.number ?? null,
      newLine: row.right?.number ?? null,
    }));
}

/** Runs of consecutive added (or removed) lines, described by their first line. */
function passages(places: RowPlace[], kind: "added" | "removed"): KeyChange[] {
  const items: KeyChange[] = [];
  let run: RowPlace[] = [];
  const flush = () => {
    const firstRow = run[0]?.row;
    const side = kind === "added" ? firstRow?.right : firstRow?.left;
    if (firstRow && side) {
      const section = run[0]?.section ?? "";
      // A passage opening with its section's heading is a section of its own, not part of the one above.
      const where = shorten(side.text) === section ? "section" : placeOf(section, side.number);
      const extra = run.length > 1 ? ` and ${plural(run.length - 1, "more line")}` : "";
      items.push({
        text: `${kind === "added" ? "Added" : "Removed"} ${where}: "${shorten(side.text, 100)}"${extra}`,
        oldLine: kind === "removed" ? side.number : null,
        newLine: kind === "added" ? side.number : null,
      });
    }
    run = [];
  };
  for (const place of places) {
    const last = run.at(-1)?.row;
    const next = kind === "added" ? place.row.right?.number : place.row.left?.number;
    const previous = kind === "added" ? last?.right?.number : last?.left?.number;
    if (place.row.kind !== kind || (previous !== undefined && (next === undefined || next > previous + 2)))
      flush();
    if (place.row.kind === kind) run.push(place);
  }
  flush();
  return items;
}

/** Where key changes point in the diff: line numbers on each side, and the clause a place falls under. */
interface Locator {
  clauseSection(offset: number): string;
  at(oldStart: number | null, newStart: number | null): Omit<KeyChange, "text">;
  /** A clause spans lines: its first changed row, not its first (maybe unchanged) line. */
  changedRowIn(c: ClauseChange): Omit<KeyChange, "text">;
}

function locator(oldText: string, newText: string, places: RowPlace[]): Locator {
  const oldLines = lineOffsets(oldText);
  const newLines = lineOffsets(newText);
  // Clauses are named by the document's structure, plain-text clause titles included ("2. Grant of Copyright License").
  const outline = documentOutline(newText);
  const at = (oldStart: number | null, newStart: number | null) => ({
    oldLine: oldStart === null ? null : lineAt(oldLines, oldStart),
    newLine: newStart === null ? null : lineAt(newLines, newStart),
  });
  return {
    clauseSection: (offset) => outline.filter((h) => h.start <= offset).at(-1)?.text ?? "the introduction",
    at,
    changedRowIn: (c) => {
      const [from, to] = [lineAt(newLines, c.newStart), lineAt(newLines, Math.max(c.newStart, c.newEnd - 1))];
      const row = places.find(
        (p) => p.row.right && p.row.right.number >= from && p.row.right.number <= to,
      )?.row;
      return row
        ? { oldLine: row.left?.number ?? null, newLine: row.right?.number ?? null }
        : at(c.oldStart, c.newStart);
    },
  };
}

function clauseItems(base: KeyChangeSources, where: Locator): KeyChange[] {
  return groupClauses(base.clauseChanges)
    .slice(0, 6)
    .map((g) => ({
      text: describeClauses(g, where.clauseSection(g[0]?.newStart ?? 0)),
      ...where.changedRowIn(g[0] as ClauseChange),
    }));
}

function obligationItems(obligations: ObligationMoves, where: Locator): KeyChange[] {
  return [
    ...obligations.removed
      .slice(0, 4)
      .map((o) => ({ text: `Obligation removed: "${o.text}"`, ...where.at(o.start, null) })),
    ...obligations.changed.slice(0, 4).map((c) => ({
      text: `Obligation changed: "${c.before.text}" → "${c.after.text}"`,
      ...where.at(c.before.start, c.after.start),
    })),
    ...obligations.added
      .slice(0, 4)
      .map((o) => ({ text: `Obligation added: "${o.text}"`, ...where.at(null, o.start) })),
  ];
}

/** Figures outside the introduction, changed values before added or removed ones. */
function figureItems(base: KeyChangeSources, places: RowPlace[]): KeyChange[] {
  const both = (f: FigureChange) => Number(f.before !== null && f.after !== null);
  return base.figures
    .filter((f) => f.section !== "the introduction")
    .sort((a, b) => both(b) - both(a))
    .slice(0, 6)
    .map((f) => {
      const row = places.find((p) => p.figures.includes(f))?.row;
      return {
        text: describeFigure(f),
        oldLine: row?.left?.number ?? null,
        newLine: row?.right?.number ?? null,
      };
    });
}

/** Sections with changed lines; one that only gained (or only lost) lines is described by its passage. */
function sectionItems(base: KeyChangeSources, places: RowPlace[]): KeyChange[] {
  const open = new Set(places.map((p) => p.section));
  return base.sections
    .filter((s) => open.has(s.section))
    .filter((s) => s.section !== "the introduction" && (s.changed > 0 || (s.added > 0 && s.removed > 0)))
    .slice(0, 4)
    .map((s) => {
      const row = places.find((p) => p.section === s.section)?.row;
      return {
        text: `§ ${s.section}: ${describeCounts(s)}`,
        oldLine: row?.left?.number ?? null,
        newLine: row?.right?.number ?? null,
      };
    });
}

/** A passage removed in one place and added in another is one change: it moved. */
function moved(added: KeyChange[], removed: KeyChange[]): KeyChange[] {
  const quote = (item: KeyChange) => item.text.slice(item.text.indexOf(": ") + 2);
  const gone = new Map(removed.map((item) => [quote(item), item]));
  const out = added.map((item) => {
    const from = gone.get(quote(item));
    if (!from) return item;
    gone.delete(quote(item));
    return { ...item, text: `Moved ${item.text.slice("Added ".length)}`, oldLine: from.oldLine };
  });
  return [...out, ...gone.values()];
}

/** Each change once: an item pointing at a row another item already describes is left out. */
function once(items: readonly KeyChange[]): KeyChange[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (item.oldLine === null && item.newLine === null) return true;
    const keys = [
      item.oldLine !== null ? `old:${item.oldLine}` : null,
      item.newLine !== null ? `new:${item.newLine}` : null,
    ].filter((k): k is string => k !== null);
    if (keys.some((k) => seen.has(k))) return false;
    for (const k of keys) seen.add(k);
    return true;
  });
}

export function keyChangeItems(
  oldText: string,
  newText: string,
  base: KeyChangeSources,
  places: RowPlace[],
  obligations: ObligationMoves,
): KeyChange[] {
  const where = locator(oldText, newText, places);
  const data = (count: number, what: string): KeyChange => ({
    text: `Personal data ${what}: ${plural(count, "item")}`,
    oldLine: null,
    newLine: null,
  });
  const specific = once([
    ...clauseItems(base, where),
    ...(base.personalDataAdded > 0 ? [data(base.personalDataAdded, "added")] : []),
    ...(base.personalDataRemoved > 0 ? [data(base.personalDataRemoved, "removed")] : []),
    ...obligationItems(obligations, where),
    ...figureItems(base, places),
    ...reworded(places),
    ...moved(passages(places, "added").slice(0, 3), passages(places, "removed").slice(0, 3)),
  ]);
  // A section is summarised only for the changed lines no item above describes.
  const described = new Set(specific.flatMap((i) => [`old:${i.oldLine}`, `new:${i.newLine}`]));
  const rest = places.filter(
    (p) => !described.has(`old:${p.row.left?.number}`) && !described.has(`new:${p.row.right?.number}`),
  );
  return [...specific, ...sectionItems(base, rest)];
}

function describeCounts(s: SectionChange): string {
  const parts = [
    s.added > 0 ? `${s.added} added` : null,
    s.changed > 0 ? `${s.changed} changed` : null,
    s.removed > 0 ? `${s.removed} removed` : null,
  ].filter((p): p is string => p !== null);
  return `${parts.join(", ")} ${s.added + s.changed + s.removed === 1 ? "line" : "lines"}`;
}
