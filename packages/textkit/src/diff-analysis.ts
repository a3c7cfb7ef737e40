import { findClauseChanges, type ClauseChange } from "./clause-changes";
import { diffVersions, type SideBySideRow } from "./diff";
import { extractFigures, type FigureKind } from "./figures";
import { findObligations, type Obligation } from "./obligations";
import { findPersonalData } from "./personal-data";
import type { RiskLevel } from "./risk-rules";
import { documentOutline, plainInline, plural, sectionNamer } from "./sections";
import { tokenize } from "./tokenize";

export { extractFigures, type FigureKind } from "./figures";

/**
 * What changed between two versions, in the terms a reviewer cares about: which sections, which
 * figures (numbers, dates, amounts), which obligations appeared or went, and how risky that is.
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

export interface ChangeAnalysis {
  stats: { added: number; removed: number; unchanged: number };
  /** Edited clauses read for meaning: term, exclusivity, duty, liability, time limits… */
  clauseChanges: ClauseChange[];
  /** `keyChanges` with the place of each in the diff, for links to the changed row. */
  keyChangeItems: KeyChange[];
  sections: SectionChange[];
  figures: FigureChange[];
  obligationsAdded: string[];
  obligationsRemoved: string[];
  obligationsChanged: Array<{ before: string; after: string }>;
  personalDataAdded: number;
  keyChanges: string[];
  impact: string;
  riskLevel: RiskLevel;
}

function lineOffsets(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

function shorten(line: string, max = 140): string {
  const plain = plainInline(line.replace(/^\s*(?:[-*+]|\d+(?:\.\d+)*[.)]?|#+|\|)\s+/, ""));
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/**
 * Figures on the old side of a changed line that the new side lacks, and vice versa, paired in
 * order. A line only added or removed is new or dropped content (its section and obligations say
 * so), not a figure that changed.
 */
function figureChanges(row: SideBySideRow, section: string): FigureChange[] {
  if (row.kind !== "changed") return [];
  const before = extractFigures(row.left?.text ?? "");
  const after = extractFigures(row.right?.text ?? "");
  const afterValues = new Set(after.map((f) => f.value));
  const beforeValues = new Set(before.map((f) => f.value));
  const gone = before.filter((f) => !afterValues.has(f.value));
  const came = after.filter((f) => !beforeValues.has(f.value));
  const context = shorten(row.right?.text ?? row.left?.text ?? "");
  const changes: FigureChange[] = [];
  for (let i = 0; i < Math.max(gone.length, came.length); i++) {
    const old = gone[i];
    const now = came[i];
    const kind = now?.kind ?? old?.kind ?? "number";
    changes.push({ section, kind, before: old?.value ?? null, after: now?.value ?? null, context });
  }
  return changes;
}

function dice(a: string, b: string): number {
  const left = tokenize(a);
  const right = new Map<string, number>();
  for (const t of tokenize(b)) right.set(t, (right.get(t) ?? 0) + 1);
  let shared = 0;
  for (const t of left) {
    const n = right.get(t) ?? 0;
    if (n > 0) {
      shared++;
      right.set(t, n - 1);
    }
  }
  return left.length + tokenize(b).length === 0 ? 0 : (2 * shared) / (left.length + tokenize(b).length);
}

function compareObligations(before: Obligation[], after: Obligation[]) {
  const oldTexts = new Set(before.map((o) => o.text));
  const newTexts = new Set(after.map((o) => o.text));
  const added = after.filter((o) => !oldTexts.has(o.text));
  const removed = before.filter((o) => !newTexts.has(o.text));
  const changed: Array<{ before: Obligation; after: Obligation }> = [];
  for (const next of [...added]) {
    const match = removed.find((old) => dice(old.text, next.text) >= 0.6);
    if (!match) continue;
    changed.push({ before: match, after: next });
    added.splice(added.indexOf(next), 1);
    removed.splice(removed.indexOf(match), 1);
  }
  return { added, removed, changed };
}

interface RowPlace {
  row: SideBySideRow;
  section: string;
  figures: FigureChange[];
}

function placeRows(oldText: string, newText: string, rows: SideBySideRow[]): RowPlace[] {
  const oldName = sectionNamer(oldText);
  const newName = sectionNamer(newText);
  const oldLines = lineOffsets(oldText);
  const newLines = lineOffsets(newText);
  return rows
    .filter((row) => row.kind !== "unchanged")
    .filter((row) => `${row.left?.text ?? ""}${row.right?.text ?? ""}`.trim() !== "")
    .map((row) => ({
      row,
      section: row.right
        ? newName(newLines[row.right.number - 1] ?? 0)
        : oldName(oldLines[(row.left?.number ?? 1) - 1] ?? 0),
      figures: [] as FigureChange[],
    }));
}

function sectionSummary(places: RowPlace[]): SectionChange[] {
  const bySection = new Map<string, SectionChange>();
  for (const { row, section } of places) {
    const entry = bySection.get(section) ?? { section, added: 0, removed: 0, changed: 0 };
    if (row.kind === "added") entry.added++;
    else if (row.kind === "removed") entry.removed++;
    else entry.changed++;
    bySection.set(section, entry);
  }
  return [...bySection.values()];
}

function describeFigure(f: FigureChange): string {
  const place = f.section === "the introduction" ? "the header" : `§ ${f.section}`;
  if (f.before && f.after) return `${place}: ${f.before} → ${f.after} ("${f.context}")`;
  if (f.after) return `${place}: ${f.after} added ("${f.context}")`;
  return `${place}: ${f.before ?? ""} removed ("${f.context}")`;
}

type AnalysisBase = Omit<ChangeAnalysis, "keyChanges" | "keyChangeItems" | "impact" | "riskLevel">;

function assess(a: AnalysisBase): { riskLevel: RiskLevel; impact: string } {
  // How much of the existing text was rewritten or removed: a release note that gains a new entry
  // at the top has added text but changed nothing a reader relied on.
  const existing = a.stats.removed + a.stats.unchanged;
  const churn = existing === 0 ? 0 : a.stats.removed / existing;
  const obligationMoves =
    a.obligationsAdded.length + a.obligationsRemoved.length + a.obligationsChanged.length;
  const bodyFigures = a.figures.filter((f) => f.section !== "the introduction");
  const highClauses = a.clauseChanges.filter((c) => c.risk === "High");
  const high =
    highClauses.length > 0 || a.obligationsRemoved.length > 0 || a.personalDataAdded > 0 || churn > 0.5;
  const medium = a.clauseChanges.length > 0 || obligationMoves > 0 || bodyFigures.length > 0 || churn > 0.2;
  const riskLevel: RiskLevel = high ? "High" : medium ? "Medium" : "Low";
  const parts = [
    plural(a.sections.length, "section"),
    a.clauseChanges.length > 0 ? plural(a.clauseChanges.length, "clause term") : null,
    bodyFigures.length > 0 ? plural(bodyFigures.length, "figure") : null,
    obligationMoves > 0 ? plural(obligationMoves, "obligation") : null,
  ].filter((p): p is string => p !== null);
  const scope = `${parts.join(", ")} changed; ${Math.round(churn * 100)}% of the previous lines rewritten or removed, ${plural(a.stats.added, "line")} added.`;
  const terms = [...new Set(highClauses.map((c) => c.attribute))];
  const why =
    terms.length > 0
      ? `The ${terms.join(", ")} of a clause changed: what the document grants or requires is different, so review it before approval.`
      : riskLevel === "High"
        ? "Obligations were removed, personal data was added or most of the text changed: review line by line before approval."
        : riskLevel === "Medium"
          ? "Binding terms or figures changed: readers who rely on the previous figures need to be told."
          : "Wording and presentation only: no figures or obligations changed.";
  return { riskLevel, impact: `${scope} ${why}` };
}

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

/** Changed lines that no figure or clause change explains: wording, quoted as it now reads. */
function reworded(places: RowPlace[]): KeyChange[] {
  return places
    .filter((p) => p.row.kind === "changed" && p.figures.length === 0 && p.row.right)
    .slice(0, 3)
    .map(({ row, section }) => ({
      text: `Reworded ${section === "the introduction" ? "at the start" : `in § ${section}`}: "${shorten(row.right?.text ?? "", 100)}"`,
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
      const where = run[0]?.section === "the introduction" ? "at the start" : `in § ${run[0]?.section}`;
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

function keyChangeItems(
  oldText: string,
  newText: string,
  base: AnalysisBase,
  places: RowPlace[],
  obligations: ReturnType<typeof compareObligations>,
): KeyChange[] {
  const oldLines = lineOffsets(oldText);
  const newLines = lineOffsets(newText);
  // Clauses are named by the document's structure, plain-text clause titles included ("2. Grant of Copyright License").
  const outline = documentOutline(newText);
  const clauseSection = (offset: number) => {
    const heading = outline.filter((h) => h.start <= offset).at(-1);
    return heading?.text ?? "the introduction";
  };
  const at = (oldStart: number | null, newStart: number | null): Omit<KeyChange, "text"> => ({
    oldLine: oldStart === null ? null : lineAt(oldLines, oldStart),
    newLine: newStart === null ? null : lineAt(newLines, newStart),
  });
  // A clause spans lines: link to its first changed row, not to its first (maybe unchanged) line.
  const changedRowIn = (c: ClauseChange): Omit<KeyChange, "text"> => {
    const [from, to] = [lineAt(newLines, c.newStart), lineAt(newLines, Math.max(c.newStart, c.newEnd - 1))];
    const row = places.find(
      (p) => p.row.right && p.row.right.number >= from && p.row.right.number <= to,
    )?.row;
    return row
      ? { oldLine: row.left?.number ?? null, newLine: row.right?.number ?? null }
      : at(c.oldStart, c.newStart);
  };
  const rowOf = (f: FigureChange) => places.find((p) => p.figures.includes(f))?.row;
  const clauses = groupClauses(base.clauseChanges);
  // A section that only gained (or only lost) lines is described by its passage below.
  const bodySections = base.sections.filter(
    (s) => s.section !== "the introduction" && (s.changed > 0 || (s.added > 0 && s.removed > 0)),
  );
  const items: KeyChange[] = [
    ...clauses.slice(0, 6).map((g) => ({
      text: describeClauses(g, clauseSection(g[0]?.newStart ?? 0)),
      ...changedRowIn(g[0] as ClauseChange),
    })),
    ...obligations.removed
      .slice(0, 4)
      .map((o) => ({ text: `Obligation removed: "${o.text}"`, ...at(o.start, null) })),
    ...obligations.changed.slice(0, 4).map((c) => ({
      text: `Obligation changed: "${c.before.text}" → "${c.after.text}"`,
      ...at(c.before.start, c.after.start),
    })),
    ...obligations.added
      .slice(0, 4)
      .map((o) => ({ text: `Obligation added: "${o.text}"`, ...at(null, o.start) })),
    ...base.figures
      .filter((f) => f.section !== "the introduction")
      .sort(
        (a, b) =>
          Number(b.before !== null && b.after !== null) - Number(a.before !== null && a.after !== null),
      )
      .slice(0, 6)
      .map((f) => ({
        text: describeFigure(f),
        oldLine: rowOf(f)?.left?.number ?? null,
        newLine: rowOf(f)?.right?.number ?? null,
      })),
    ...bodySections.slice(0, 4).map((s) => {
      const row = places.find((p) => p.section === s.section)?.row;
      const place = s.section === "the introduction" ? "The start" : `§ ${s.section}`;
      return {
        text: `${place}: ${describeCounts(s)}`,
        oldLine: row?.left?.number ?? null,
        newLine: row?.right?.number ?? null,
      };
    }),
    ...reworded(places),
    ...passages(places, "added").slice(0, 3),
    ...passages(places, "removed").slice(0, 3),
  ];
  if (base.personalDataAdded > 0)
    items.push({
      text: `Personal data added: ${plural(base.personalDataAdded, "new item")}`,
      oldLine: null,
      newLine: null,
    });
  return items;
}

const ORDER: Record<RiskLevel, number> = { High: 2, Medium: 1, Low: 0 };

/** Analyses the change from `oldText` to `newText`. */
export function analyseChange(oldText: string, newText: string): ChangeAnalysis {
  const diff = diffVersions(oldText, newText);
  const places = placeRows(oldText, newText, diff.sideBySide);
  for (const place of places) place.figures = figureChanges(place.row, place.section);
  const figures = places.flatMap((p) => p.figures);
  const obligations = compareObligations(findObligations(oldText), findObligations(newText));
  const personalBefore = new Set(findPersonalData(oldText).map((m) => m.value));
  const personalDataAdded = findPersonalData(newText).filter((m) => !personalBefore.has(m.value)).length;
  const base: AnalysisBase = {
    stats: diff.stats,
    clauseChanges: findClauseChanges(oldText, newText),
    sections: sectionSummary(places),
    figures,
    obligationsAdded: obligations.added.map((o) => o.text),
    obligationsRemoved: obligations.removed.map((o) => o.text),
    obligationsChanged: obligations.changed.map((c) => ({ before: c.before.text, after: c.after.text })),
    personalDataAdded,
  };
  const items =
    diff.stats.added + diff.stats.removed > 0
      ? keyChangeItems(oldText, newText, base, places, obligations)
      : [];
  if (items.length === 0)
    items.push({ text: "No changes between these versions", oldLine: null, newLine: null });
  return { ...base, keyChanges: items.map((i) => i.text), keyChangeItems: items, ...assess(base) };
}

function describeCounts(s: SectionChange): string {
  const parts = [
    s.added > 0 ? `${s.added} added` : null,
    s.changed > 0 ? `${s.changed} changed` : null,
    s.removed > 0 ? `${s.removed} removed` : null,
  ].filter((p): p is string => p !== null);
  return `${parts.join(", ")} ${s.added + s.changed + s.removed === 1 ? "line" : "lines"}`;
}
