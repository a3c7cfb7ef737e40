import { checkContent, type ContentFinding } from "./content-checks";
import { analyseChange } from "./diff-analysis";
import { readDocumentMetadata } from "./metadata";
import { assessRisk, type RiskLevel } from "./risk-rules";
import { plural } from "./sections";
import { KIND_LABELS } from "./document-kind";
import { summaryPoints } from "./summary-points";

/** Everything a document summary is computed from: its text, the previous version's, its state. */
export interface SummaryInput {
  title: string;
  content: string;
  /** The previous version's text, or null for a first version. */
  previousContent: string | null;
  status: string;
  now: Date;
  /** The uploaded file's name ("README.md"), which can say what kind of document it is. */
  filename?: string;
}

/** Seed §3 Summary, without the timestamp the caller adds. */
export interface ComputedSummary {
  /** What kind of document it is, as a reader names it: "Specification", "Licence", "README"… */
  kind: string;
  riskLevel: RiskLevel;
  keyPoints: string[];
  changeHighlights: string[];
  riskNotes: string[];
  suggestedActions: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** What was looked for and not found, in a reader's words. */
const NO_RISK =
  "No risks found: no one's e-mail address or phone number, no written credentials, no passed review date, no placeholders, and no obligations with penalties or deadlines";
const REVIEW_SOON_DAYS = 30;

const STATUS_ACTIONS: Record<string, string> = {
  Draft: "Submit for review once the draft is complete",
  "In Review": "Follow up with the assigned reviewers to complete the review",
  "Changes Requested": "Address the reviewers' comments and upload a new version",
  Rejected: "Revise the document against the approver's comment, or archive it if it is no longer needed",
};

function reviewActions(content: string, status: string, now: Date): string[] {
  const review = readDocumentMetadata(content).reviewDate;
  if (!review?.date) return [];
  const days = Math.ceil((review.date.getTime() - now.getTime()) / DAY_MS);
  if (days < 0) {
    return [
      `Review and re-approve the document: its review date (${review.value}) passed ${plural(-days, "day")} ago`,
    ];
  }
  if (days <= REVIEW_SOON_DAYS && status === "Approved") {
    return [`Schedule the review due on ${review.value} (in ${plural(days, "day")})`];
  }
  return [];
}

function findingActions(findings: readonly ContentFinding[]): string[] {
  const actions: string[] = [];
  for (const f of findings) {
    if (f.rule === "missing-owner") actions.push("Name an accountable owner in the document header");
    if (f.rule === "missing-effective-date") actions.push("State the date the document takes effect");
    if (f.rule === "missing-review-date")
      actions.push("Add a review date so the document is checked periodically");
    if (f.rule === "personal-data") {
      actions.push(`Confirm the ${f.detail} may be held here, and state how long they are kept`);
    }
    if (f.rule === "unresolved-todo") actions.push(`Resolve the ${f.detail} before approval`);
    if (f.rule === "undefined-acronym") {
      actions.push(`Spell out ${f.matches.slice(0, 4).join(", ")} at first use`);
    }
    if (f.rule === "broken-link") actions.push(`Fix ${plural(f.count, "broken link")}`);
  }
  return actions;
}

function changeHighlights(previous: string | null, content: string): string[] {
  if (previous === null) return ["First version: there is no earlier version to compare with"];
  const analysis = analyseChange(previous, content);
  return [...analysis.keyChanges.slice(0, 6), `Change risk: ${analysis.riskLevel}. ${analysis.impact}`];
}

/** Computes a document's summary: extractive key points, rule-based risk, diff highlights, actions. */
export function summarizeDocument(input: SummaryInput): ComputedSummary {
  const findings = checkContent(input.content, { title: input.title, now: input.now });
  const risk = assessRisk(input.content, findings);
  // The first point says what the document is; the rest are its main terms, quoted.
  const summary =
    input.content.trim() === "" ? null : summaryPoints(input.title, input.content, 6, input.filename ?? "");
  const keyPoints = summary?.points ?? [];
  const statusAction = STATUS_ACTIONS[input.status];
  const actions = [
    ...reviewActions(input.content, input.status, input.now),
    ...(statusAction ? [statusAction] : []),
    ...findingActions(findings),
  ];
  if (actions.length === 0)
    actions.push("No action needed: the document is approved and within its review period");
  return {
    kind: KIND_LABELS[summary?.kind ?? "document"],
    riskLevel: risk.riskLevel,
    keyPoints: keyPoints.length > 0 ? keyPoints : ["The document has no prose to summarise"],
    changeHighlights: changeHighlights(input.previousContent, input.content),
    riskNotes: risk.notes.length > 0 ? risk.notes.map((n) => n.note) : [NO_RISK],
    suggestedActions: [...new Set(actions)],
  };
}
