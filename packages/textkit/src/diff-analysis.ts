import { diffVersions, type SideBySideRow } from "./diff";
import { findObligations, type Obligation } from "./obligations";
import { findPersonalData } from "./personal-data";
import type { RiskLevel } from "./risk-rules";
import { plainInline, plural, sectionNamer } from "./sections";
import { tokenize } from "./tokenize";

/**
 * What changed between two versions, in the terms a reviewer cares about: which sections, which
 * figures (numbers, dates, amounts), which obligations appeared or went, and how risky that is.
 */

export type FigureKind = "amount" | "date" | "percentage" | "number";

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

export interface ChangeAnalysis {
  stats: { added: number; removed: number; unchanged: number };
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

const MONTH = "(?:January|February|March|April|May|June|July|August|September|October|November|December)";
const FIGURE = new RegExp(
  [
    String.raw`(?<date>\b\d{1,2} ${MONTH}(?: \d{4})?\b|\b${MONTH} \d{4}\b|\b\d{4}-\d{2}-\d{2}\b)`,
    String.raw`(?<amount>[£$€]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn|million|billion)\b)?|\b\d[\d,]*(?:\.\d+)?\s?(?:GBP|USD|EUR)\b)`,
    String.raw`(?<percentage>\b\d+(?:\.\d+)?\s?%)`,
    String.raw`(?<number>\b\d[\d,]*(?:\.\d+)?\b)`,
  ].join("|"),
  "g",
);

interface Figure {
  kind: FigureKind;
  value: string;
}

/** Clause numbers ("4.3 ", "5.1 Idempotency") and contact details are not figures a reader tracks. */
function withoutNonFigures(line: string): string {
  let cleaned = line.replace(/^\s*(?:#+\s*|[-*+]\s+|\|\s*)?\d+(?:\.\d+)*[.)]?(?=\s)/, "");
  for (const match of findPersonalData(cleaned)) {
    cleaned = cleaned.slice(0, match.start) + " ".repeat(match.end - match.start) + cleaned.slice(match.end);
  }
  return cleaned;
}

export function extractFigures(line: string): Figure[] {
  const figures: Figure[] = [];
  for (const match of withoutNonFigures(line).matchAll(FIGURE)) {
    const groups = match.groups ?? {};
    const kind = (["date", "amount", "percentage", "number"] as const).find((k) => groups[k] !== undefined);
    if (kind) figures.push({ kind, value: match[0].trim() });
  }
  return figures;
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

/** Figures on the old side that the new side lacks, and vice versa, paired in order where possible. */
function figureChanges(row: SideBySideRow, section: string): FigureChange[] {
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

function assess(a: Omit<ChangeAnalysis, "keyChanges" | "impact" | "riskLevel">): {
  riskLevel: RiskLevel;
  impact: string;
} {
  const total = a.stats.added + a.stats.removed + a.stats.unchanged;
  const churn = total === 0 ? 0 : (a.stats.added + a.stats.removed) / total;
  const obligationMoves =
    a.obligationsAdded.length + a.obligationsRemoved.length + a.obligationsChanged.length;
  const bodyFigures = a.figures.filter((f) => f.section !== "the introduction");
  const high = a.obligationsRemoved.length > 0 || a.personalDataAdded > 0 || churn > 0.5;
  const medium = obligationMoves > 0 || bodyFigures.length > 0 || churn > 0.2;
  const riskLevel: RiskLevel = high ? "High" : medium ? "Medium" : "Low";
  const parts = [
    plural(a.sections.length, "section"),
    bodyFigures.length > 0 ? plural(bodyFigures.length, "figure") : null,
    obligationMoves > 0 ? plural(obligationMoves, "obligation") : null,
  ].filter((p): p is string => p !== null);
  const scope = `${parts.join(", ")} changed; ${Math.round(churn * 100)}% of lines touched.`;
  const why =
    riskLevel === "High"
      ? "Obligations were removed, personal data was added or most of the text changed: review line by line before approval."
      : riskLevel === "Medium"
        ? "Binding terms or figures changed: readers who rely on the previous figures need to be told."
        : "Wording and presentation only: no figures or obligations changed.";
  return { riskLevel, impact: `${scope} ${why}` };
}

/** Analyses the change from `oldText` to `newText`. */
export function analyseChange(oldText: string, newText: string): ChangeAnalysis {
  const diff = diffVersions(oldText, newText);
  const places = placeRows(oldText, newText, diff.sideBySide);
  const figures = places.flatMap(({ row, section }) => figureChanges(row, section));
  const obligations = compareObligations(findObligations(oldText), findObligations(newText));
  const personalBefore = new Set(findPersonalData(oldText).map((m) => m.value));
  const personalDataAdded = findPersonalData(newText).filter((m) => !personalBefore.has(m.value)).length;
  const base = {
    stats: diff.stats,
    sections: sectionSummary(places),
    figures,
    obligationsAdded: obligations.added.map((o) => o.text),
    obligationsRemoved: obligations.removed.map((o) => o.text),
    obligationsChanged: obligations.changed.map((c) => ({ before: c.before.text, after: c.after.text })),
    personalDataAdded,
  };
  const keyChanges = [
    ...base.sections
      .filter((s) => s.section !== "the introduction")
      .slice(0, 4)
      .map((s) => `§ ${s.section}: ${describeCounts(s)}`),
    ...figures
      .filter((f) => f.section !== "the introduction")
      .sort(
        (a, b) =>
          Number(b.before !== null && b.after !== null) - Number(a.before !== null && a.after !== null),
      )
      .slice(0, 6)
      .map(describeFigure),
    ...base.obligationsAdded.slice(0, 4).map((o) => `Obligation added: "${o}"`),
    ...base.obligationsRemoved.slice(0, 4).map((o) => `Obligation removed: "${o}"`),
    ...base.obligationsChanged.slice(0, 4).map((c) => `Obligation changed: "${c.before}" → "${c.after}"`),
    ...(personalDataAdded > 0 ? [`Personal data added: ${plural(personalDataAdded, "new item")}`] : []),
  ];
  if (keyChanges.length === 0 && diff.stats.added + diff.stats.removed > 0) {
    keyChanges.push(...figures.slice(0, 4).map(describeFigure));
  }
  if (keyChanges.length === 0) keyChanges.push("No changes between these versions");
  return { ...base, keyChanges, ...assess(base) };
}

function describeCounts(s: SectionChange): string {
  const parts = [
    s.added > 0 ? `${s.added} added` : null,
    s.changed > 0 ? `${s.changed} changed` : null,
    s.removed > 0 ? `${s.removed} removed` : null,
  ].filter((p): p is string => p !== null);
  return `${parts.join(", ")} ${s.added + s.changed + s.removed === 1 ? "line" : "lines"}`;
}
