import { findClauseChanges, type ClauseChange } from "./clause-changes";
import { diffVersions, type SideBySideRow } from "./diff";
import { extractFigures } from "./figures";
import { findObligations, type Obligation } from "./obligations";
import { findPersonalData } from "./personal-data";
import type { RiskLevel } from "./risk-rules";
import {
  keyChangeItems,
  lineOffsets,
  shorten,
  type FigureChange,
  type KeyChange,
  type ObligationMoves,
  type RowPlace,
  type SectionChange,
} from "./diff-key-changes";
import { plainInline, plural, sectionNamer } from "./sections";
import { tokenize } from "./tokenize";

export { extractFigures, type FigureKind } from "./figures";
export type { FigureChange, KeyChange, SectionChange } from "./diff-key-changes";

/**
 * What changed between two versions, in the terms a reviewer cares about: which sections, which
 * figures (numbers, dates, amounts), which obligations appeared or went, and how risky that is.
 */

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
  /** Items of personal data (e-mail addresses, phone numbers…) the new version no longer holds. */
  personalDataRemoved: number;
  keyChanges: string[];
  impact: string;
  riskLevel: RiskLevel;
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

function compareObligations(before: Obligation[], after: Obligation[]): ObligationMoves {
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

function placeRows(oldText: string, newText: string, rows: SideBySideRow[]): RowPlace[] {
  const oldName = sectionNamer(oldText);
  const newName = sectionNamer(newText);
  const oldLines = lineOffsets(oldText);
  const newLines = lineOffsets(newText);
  // A line is named by its end, so a heading's own line is in its section, not the one before.
  return rows
    .filter((row) => row.kind !== "unchanged")
    .filter((row) => `${row.left?.text ?? ""}${row.right?.text ?? ""}`.trim() !== "")
    .map((row) => ({
      row,
      section: row.right
        ? newName((newLines[row.right.number - 1] ?? 0) + row.right.text.length)
        : oldName((oldLines[(row.left?.number ?? 1) - 1] ?? 0) + (row.left?.text.length ?? 0)),
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
  return { riskLevel, impact: `${scope} ${why(a, riskLevel, terms, churn)}` };
}

const sentenceCase = (text: string) => `${text[0]?.toUpperCase() ?? ""}${text.slice(1)}`;
const listed = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");

/** Why the change is rated so: only the reasons that hold ("personal data removed" is never read as added). */
function why(a: AnalysisBase, riskLevel: RiskLevel, terms: string[], churn: number): string {
  const removedData =
    a.personalDataRemoved > 0
      ? ` ${sentenceCase(plural(a.personalDataRemoved, "item"))} of personal data removed.`
      : "";
  if (terms.length > 0)
    return `The ${terms.join(", ")} of a clause changed: what the document grants or requires is different, so review it before approval.${removedData}`;
  const high = [
    a.obligationsRemoved.length > 0 ? `${plural(a.obligationsRemoved.length, "obligation")} removed` : null,
    a.personalDataAdded > 0 ? `${plural(a.personalDataAdded, "item")} of personal data added` : null,
    churn > 0.5 ? "most of the previous text rewritten or removed" : null,
  ].filter((r): r is string => r !== null);
  if (riskLevel === "High")
    return `${sentenceCase(listed(high))}: review line by line before approval.${removedData}`;
  const bodyFigures = a.figures.filter((f) => f.section !== "the introduction").length;
  const medium = [
    a.clauseChanges.length > 0 ? "clause terms changed" : null,
    a.obligationsAdded.length + a.obligationsChanged.length > 0 ? "obligations added or reworded" : null,
    bodyFigures > 0 ? "figures changed" : null,
    churn > 0.2 ? "a large part of the text rewritten" : null,
  ].filter((r): r is string => r !== null);
  if (riskLevel === "Medium")
    return `${sentenceCase(listed(medium))}: readers who rely on the previous version need to be told.${removedData}`;
  return `Wording and presentation only: no figures or obligations changed.${removedData}`;
}

/** A heading's or clause's number, as diff.ts aligns lines without it ("## 9. Training", "4.3 Passwords…"). */
const CLAUSE_NUMBER =
  /^(\s*(?:#{1,6}\s+)?)(?:§\s*)?(?:\d{1,3}(?:\.\d{1,3}){1,4}\.?|\d{1,3}[.)])\s+(?=\p{Lu})/u;

/** A changed line that differs from its old text only in its leading heading or clause number. */
function isRenumbering(row: SideBySideRow): boolean {
  if (row.kind !== "changed" || !row.left || !row.right) return false;
  const [before, after] = [row.left.text, row.right.text];
  return (
    CLAUSE_NUMBER.test(before) &&
    CLAUSE_NUMBER.test(after) &&
    before.replace(CLAUSE_NUMBER, "$1") === after.replace(CLAUSE_NUMBER, "$1")
  );
}

/** Renumbered headings and clauses, as one item: "9. Training" → "10. Training" and 2 more. */
function renumberingItems(places: RowPlace[]): KeyChange[] {
  const first = places[0]?.row;
  if (!first?.left || !first.right) return [];
  const more = places.length > 1 ? ` and ${plural(places.length - 1, "more line")}` : "";
  return [
    {
      text: `Renumbered: "${plainInline(first.left.text.replace(/^\s*#+\s+/, ""))}" → "${plainInline(first.right.text.replace(/^\s*#+\s+/, ""))}"${more}`,
      oldLine: first.left.number,
      newLine: first.right.number,
    },
  ];
}

/** Analyses the change from `oldText` to `newText`. */
export function analyseChange(oldText: string, newText: string): ChangeAnalysis {
  const diff = diffVersions(oldText, newText);
  // A heading or clause whose number alone changed was shifted by a section added or removed
  // before it: that insertion is the change, the renumbering one line of its own.
  const placed = placeRows(oldText, newText, diff.sideBySide);
  const renumbered = placed.filter((p) => isRenumbering(p.row));
  const places = placed.filter((p) => !isRenumbering(p.row));
  for (const place of places) place.figures = figureChanges(place.row, place.section);
  const figures = places.flatMap((p) => p.figures);
  const obligations = compareObligations(findObligations(oldText), findObligations(newText));
  const personalBefore = new Set(findPersonalData(oldText).map((m) => m.value));
  const personalNow = findPersonalData(newText).map((m) => m.value);
  const personalAfter = new Set(personalNow);
  const personalDataAdded = personalNow.filter((value) => !personalBefore.has(value)).length;
  const personalDataRemoved = [...personalBefore].filter((value) => !personalAfter.has(value)).length;
  const base: AnalysisBase = {
    stats: diff.stats,
    clauseChanges: findClauseChanges(oldText, newText),
    sections: sectionSummary(places),
    figures,
    obligationsAdded: obligations.added.map((o) => o.text),
    obligationsRemoved: obligations.removed.map((o) => o.text),
    obligationsChanged: obligations.changed.map((c) => ({ before: c.before.text, after: c.after.text })),
    personalDataAdded,
    personalDataRemoved,
  };
  const items =
    diff.stats.added + diff.stats.removed > 0
      ? [...keyChangeItems(oldText, newText, base, places, obligations), ...renumberingItems(renumbered)]
      : [];
  if (items.length === 0)
    items.push({ text: "No changes between these versions", oldLine: null, newLine: null });
  return { ...base, keyChanges: items.map((i) => i.text), keyChangeItems: items, ...assess(base) };
}
