/**
 * Risk notes, summaries and change analysis on real text nobody here wrote, `npm run bench -- risk`
 * (also run at the end of `npm run bench -- ai`):
 * 1. Risk-note precision on labelled documents (licences from /usr/share/common-licenses, manual
 *    pages as `man` renders them, Debian change logs and GNU NEWS, projects' policies and READMEs):
 *    a note is right when its rule is among the document's labelled risks. Beside it, how many
 *    documents are rated Medium or High only for a missing owner (or another missing header field).
 * 2. Summary checks: the first key point says what the document is (a labelled pattern), the
 *    others cover the labelled terms (a licence's copyleft, termination, warranty…), no boilerplate
 *    and no markdown escape is quoted.
 * 3. Change analysis on labelled before/after edits of real text: risk level, the clause attributes
 *    changed, figures (references, identifiers and durations are not figures), the first key
 *    change, and a diff line for every key change.
 * Labels are in bench/data/risk-*.json; 'dev' items were read while the rules were changed,
 * 'held-out' items were labelled before the rules first ran on them, and are reported apart.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import {
  analyseChange,
  assessRisk,
  checkContent,
  summarizeDocument,
  type ChangeAnalysis,
  type RiskNote,
} from "@quire/textkit";

type Source =
  | { file: string }
  | { gz: string }
  | { man: string }
  | { dropFirstEntry: Source }
  | { edit: Source; replace: Array<[string, string]> };

interface LabelledDocument {
  id: string;
  split: "dev" | "held-out" | "held-out-2";
  kind: string;
  title: string;
  source: Source;
  risks: string[];
  lead: string;
  covers: Record<string, string>;
  notIn?: string[];
}

interface LabelledEdit {
  id: string;
  split: "dev" | "held-out" | "held-out-2";
  before: Source;
  after: Source;
  expect: {
    riskLevel: string;
    attributes?: string[];
    figures?: number;
    personalDataAdded?: number;
    firstKeyChange?: string;
  };
}

const DATA = new URL("../data/", import.meta.url);
const NOW = new Date("2026-11-25T00:00:00Z");
const CONTROL_FIELDS = new Set(["missing-owner", "missing-review-date", "missing-effective-date"]);

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, DATA), "utf8")) as T;
}

/** A manual page as a person would save it: `man` rendered to plain text, 100 columns, no hyphenation. */
function renderManual(page: string): string {
  return execFileSync("sh", ["-c", `man --nh --nj -E UTF-8 "$0" 2>/dev/null | col -bx`, page], {
    env: { ...process.env, MANWIDTH: "100" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** A change log without its newest entry: the text before that entry was written. */
function dropFirstEntry(text: string): string {
  const debian = [...text.matchAll(/^\S+ \([^()\s]+\) [^;\n]+; urgency=/gm)];
  if (debian.length >= 2) return text.slice(debian[1]?.index ?? 0);
  const releases = [...text.matchAll(/^\* Noteworthy changes in release /gm)];
  if (releases.length >= 2)
    return text.slice(0, releases[0]?.index ?? 0) + text.slice(releases[1]?.index ?? 0);
  throw new Error("no second entry to keep");
}

/** Absolute paths are the machine's own files; relative ones are in this checkout (its node_modules). */
const REPO = new URL("../../", import.meta.url);

function load(source: Source): string {
  if ("file" in source) return readFileSync(new URL(source.file, REPO), "utf8");
  if ("gz" in source) return gunzipSync(readFileSync(source.gz)).toString("utf8");
  if ("man" in source) return renderManual(source.man);
  if ("dropFirstEntry" in source) return dropFirstEntry(load(source.dropFirstEntry));
  let text = load(source.edit);
  for (const [from, to] of source.replace) {
    if (!text.includes(from)) throw new Error(`edit not applicable: ${from}`);
    text = text.replace(from, to);
  }
  return text;
}

/** personal-data and personal-data-without-retention are one labelled risk. */
const family = (rule: string) => (rule.startsWith("personal-data") ? "personal-data" : rule);

interface DocumentResult {
  doc: LabelledDocument;
  notes: RiskNote[];
  riskLevel: string;
  onlyControlFields: boolean;
  lacksOwner: boolean;
  summaryFailures: string[];
  ms: number;
}

function summaryFailures(doc: LabelledDocument, keyPoints: string[]): string[] {
  const failures: string[] = [];
  const [lead = "", ...rest] = keyPoints;
  if (!new RegExp(doc.lead, "i").test(lead)) failures.push(`lead "${lead.slice(0, 90)}" !~ /${doc.lead}/`);
  for (const [topic, pattern] of Object.entries(doc.covers)) {
    if (!rest.some((p) => new RegExp(pattern, "i").test(p))) failures.push(`no key point on ${topic}`);
  }
  for (const pattern of doc.notIn ?? []) {
    if (keyPoints.some((p) => new RegExp(pattern).test(p))) failures.push(`quotes /${pattern}/`);
  }
  if (keyPoints.some((p) => /\\[!-/:-@[-`{-~]/.test(p))) failures.push("a markdown escape leaks");
  return failures;
}

function runDocument(doc: LabelledDocument): DocumentResult {
  const content = load(doc.source);
  const started = performance.now();
  const summary = summarizeDocument({
    title: doc.title,
    content,
    previousContent: null,
    status: "Approved",
    now: NOW,
  });
  const ms = performance.now() - started;
  const findings = checkContent(content, { title: doc.title, now: NOW });
  const { notes, riskLevel } = assessRisk(content, findings);
  const serious = notes.filter((n) => n.severity !== "Low");
  return {
    doc,
    notes,
    riskLevel,
    onlyControlFields: riskLevel !== "Low" && serious.every((n) => CONTROL_FIELDS.has(n.rule)),
    lacksOwner: findings.some((f) => f.rule === "missing-owner"),
    summaryFailures: summaryFailures(doc, summary.keyPoints),
    ms,
  };
}

function ratio(right: number, total: number): string {
  return total === 0 ? "–" : `${(right / total).toFixed(2)} (${right}/${total})`;
}

function printRisk(results: DocumentResult[]): void {
  console.log("\nRisk notes on labelled real documents (a note is right when its rule is a labelled risk)");
  for (const split of ["held-out", "held-out-2", "dev", "all"] as const) {
    const chosen = results.filter((r) => split === "all" || r.doc.split === split);
    const notes = chosen.flatMap((r) => r.notes.map((n) => ({ r, n })));
    const right = notes.filter(({ r, n }) => r.doc.risks.includes(family(n.rule))).length;
    const labelled = chosen.reduce((sum, r) => sum + r.doc.risks.length, 0);
    const found = chosen.reduce(
      (sum, r) => sum + r.doc.risks.filter((risk) => r.notes.some((n) => family(n.rule) === risk)).length,
      0,
    );
    const onlyOwner = chosen.filter((r) => r.onlyControlFields).length;
    console.log(
      `  ${split.padEnd(10)} ${String(chosen.length).padStart(2)} documents  precision ${ratio(right, notes.length).padEnd(14)}` +
        `  recall ${ratio(found, labelled).padEnd(14)}  Medium/High only for a missing owner: ${onlyOwner}` +
        `  (no owner named: ${chosen.filter((r) => r.lacksOwner).length}, offered as an improvement)`,
    );
  }
  const levels = new Map<string, number>();
  for (const r of results) levels.set(r.riskLevel, (levels.get(r.riskLevel) ?? 0) + 1);
  console.log(`  risk levels: ${[...levels].map(([l, n]) => `${l} ${n}`).join(", ")}`);
  for (const r of results) {
    for (const n of r.notes) {
      if (!r.doc.risks.includes(family(n.rule)))
        console.log(`  wrong [${r.doc.split}] ${r.doc.id}: ${n.note.slice(0, 150)}`);
    }
  }
}

function printSummaries(results: DocumentResult[]): void {
  console.log("\nSummaries: first key point says what the document is; the others cover the labelled terms");
  for (const split of ["held-out", "held-out-2", "dev"] as const) {
    const chosen = results.filter((r) => r.doc.split === split);
    const kinds = [...new Set(chosen.map((r) => r.doc.kind))];
    const perKind = kinds
      .map((k) => {
        const ofKind = chosen.filter((r) => r.doc.kind === k);
        return `${k} ${ofKind.filter((r) => r.summaryFailures.length === 0).length}/${ofKind.length}`;
      })
      .join(", ");
    const passed = chosen.filter((r) => r.summaryFailures.length === 0).length;
    console.log(`  ${split.padEnd(10)} all checks pass ${ratio(passed, chosen.length)}  (${perKind})`);
  }
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0;
  console.log(
    `  summary time per document: p50 ${(times[times.length >> 1] ?? 0).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`,
  );
  for (const r of results) {
    for (const failure of r.summaryFailures) console.log(`  failed [${r.doc.split}] ${r.doc.id}: ${failure}`);
  }
}

function editFailures(edit: LabelledEdit, a: ChangeAnalysis): string[] {
  const failures: string[] = [];
  const e = edit.expect;
  if (a.riskLevel !== e.riskLevel) failures.push(`risk ${a.riskLevel}, expected ${e.riskLevel}`);
  if (e.attributes) {
    const found = [...new Set(a.clauseChanges.map((c) => c.attribute))].sort();
    if (found.join(",") !== [...e.attributes].sort().join(","))
      failures.push(`clause attributes [${found.join(", ")}], expected [${e.attributes.join(", ")}]`);
  }
  if (e.figures !== undefined && a.figures.length !== e.figures)
    failures.push(
      `${a.figures.length} figures (${a.figures.map((f) => `${f.before}→${f.after}`).join(", ")}), expected ${e.figures}`,
    );
  if (e.personalDataAdded !== undefined && a.personalDataAdded !== e.personalDataAdded)
    failures.push(`${a.personalDataAdded} personal data added`);
  if (e.firstKeyChange && !new RegExp(e.firstKeyChange).test(a.keyChanges[0] ?? ""))
    failures.push(`first key change "${(a.keyChanges[0] ?? "").slice(0, 100)}"`);
  const changed = a.stats.added + a.stats.removed > 0;
  const unlinked = a.keyChangeItems.filter(
    (k) => changed && !k.text.startsWith("Personal data added") && k.oldLine === null && k.newLine === null,
  );
  if (unlinked.length > 0) failures.push(`${unlinked.length} key changes without a diff line`);
  return failures;
}

function printEdits(edits: LabelledEdit[]): void {
  console.log("\nChange analysis on labelled before/after edits of real text");
  const results = edits.map((edit) => {
    const analysis = analyseChange(load(edit.before), load(edit.after));
    return { edit, analysis, failures: editFailures(edit, analysis) };
  });
  for (const split of ["held-out", "held-out-2", "dev", "all"] as const) {
    const chosen = results.filter((r) => split === "all" || r.edit.split === split);
    const right = chosen.filter((r) => r.failures.length === 0).length;
    const levels = chosen.filter((r) => r.analysis.riskLevel === r.edit.expect.riskLevel).length;
    console.log(
      `  ${split.padEnd(10)} accuracy (every check) ${ratio(right, chosen.length).padEnd(14)}  risk level right ${ratio(levels, chosen.length)}`,
    );
  }
  for (const r of results) {
    for (const failure of r.failures) console.log(`  failed [${r.edit.split}] ${r.edit.id}: ${failure}`);
  }
}

export async function runRiskBench(): Promise<void> {
  const { documents } = readJson<{ documents: LabelledDocument[] }>("risk-documents.json");
  const { edits } = readJson<{ edits: LabelledEdit[] }>("risk-edits.json");
  const results = documents.map(runDocument);
  printRisk(results);
  printSummaries(results);
  printEdits(edits);
}
