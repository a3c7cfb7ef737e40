import { createHash } from "node:crypto";
import type { Document, Improvement } from "@quire/contracts";
import {
  describeFinding,
  isGovernedDocument,
  readDocumentMetadata,
  type ContentFinding,
  type ContentRule,
} from "@quire/textkit";
import type { AppContext } from "../../context";
import { textWork } from "../../lib/text-work";

/**
 * Seed §3 Improvement suggestions, one per content rule that fires. Priority follows the harm:
 * personal data and a passed review date are High; missing control fields and placeholders that
 * block approval are Medium; readability is Low. Time estimates grow with the number of hits.
 */

interface RuleAdvice {
  title: string;
  priority: Improvement["priority"];
  type: string;
  /** Minutes for the first hit and for each further one. */
  minutes: [number, number];
  advice: string;
}

const ADVICE: Record<ContentRule, RuleAdvice> = {
  "missing-owner": {
    title: "Name a document owner",
    priority: "High",
    type: "compliance",
    minutes: [15, 0],
    advice: "Add an 'Owner:' field to the header so someone is accountable for keeping it current.",
  },
  "missing-effective-date": {
    title: "State the effective date",
    priority: "Medium",
    type: "compliance",
    minutes: [10, 0],
    advice: "Add an 'Effective:' date so readers know from when the rules apply.",
  },
  "missing-review-date": {
    title: "Set a review date",
    priority: "Medium",
    type: "compliance",
    minutes: [10, 0],
    advice: "Add a 'Review date:' so the document is checked periodically.",
  },
  "past-review-date": {
    title: "Review the document: its review date has passed",
    priority: "High",
    type: "compliance",
    minutes: [120, 0],
    advice: "Check every section is still accurate, update the review date and resubmit for approval.",
  },
  "personal-data": {
    title: "Protect the personal data in this document",
    priority: "High",
    type: "security",
    minutes: [30, 5],
    advice:
      "Remove personal contact details that need not be here (link to the directory instead), or state how long they are kept and who may see them.",
  },
  "unresolved-todo": {
    title: "Resolve open TODO/TBD placeholders",
    priority: "Medium",
    type: "process",
    minutes: [30, 15],
    advice: "Fill in or remove each placeholder before the document is approved.",
  },
  "undefined-acronym": {
    title: "Spell out acronyms at first use",
    priority: "Low",
    type: "education",
    minutes: [10, 3],
    advice: "Write each acronym out in full the first time it appears, e.g. 'Recovery Time Objective (RTO)'.",
  },
  "long-sentence": {
    title: "Split over-long sentences",
    priority: "Low",
    type: "improvement",
    minutes: [10, 5],
    advice: "Sentences over 40 words are hard to follow; split them or turn them into a list.",
  },
  "skipped-heading-level": {
    title: "Fix skipped heading levels",
    priority: "Low",
    type: "enhancement",
    minutes: [10, 2],
    advice: "Headings should go down one level at a time so the outline and screen readers make sense.",
  },
  "broken-link": {
    title: "Fix broken links",
    priority: "Medium",
    type: "improvement",
    minutes: [15, 5],
    advice: "Point each link at a full https:// address or at a document in the archive.",
  },
};

function estimate(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.round((minutes / 60) * 2) / 2;
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** Same document, rule and findings → same id, so the client can key and dismiss them. */
function improvementId(documentId: string, finding: ContentFinding): string {
  const facts = [documentId, finding.rule, ...finding.matches, ...finding.sections].join("\u0000");
  return `${finding.rule}-${createHash("sha256").update(facts).digest("hex").slice(0, 12)}`;
}

/**
 * A policy or procedure without an owner has nobody keeping it current: High. A licence, manual
 * or release note is kept by its authors, not by an owner in the archive: naming one is a Low
 * improvement, never a risk (the summary's risk notes leave it out entirely).
 */
function priorityOf(finding: ContentFinding, governed: boolean): Improvement["priority"] {
  if (finding.rule === "missing-owner" && !governed) return "Low";
  return ADVICE[finding.rule].priority;
}

export function toImprovement(documentId: string, finding: ContentFinding, governed = true): Improvement {
  const advice = ADVICE[finding.rule];
  const [first, each] = advice.minutes;
  const examples =
    finding.rule === "long-sentence" ||
    finding.rule === "broken-link" ||
    finding.rule === "skipped-heading-level"
      ? ` For example: ${finding.matches.slice(0, 2).join("; ")}.`
      : "";
  return {
    id: improvementId(documentId, finding),
    title: advice.title,
    description: `${describeFinding(finding)}.${examples} ${advice.advice}`,
    priority: priorityOf(finding, governed),
    type: advice.type,
    estimatedTime: estimate(first + each * Math.max(0, Math.min(finding.count, 20) - 1)),
    rule: finding.rule,
    sections: finding.sections,
  };
}

const PRIORITY_ORDER = { High: 0, Medium: 1, Low: 2 } as const;

export async function listImprovements(ctx: AppContext, doc: Document): Promise<Improvement[]> {
  const content = doc.currentVersion.content;
  const findings = await textWork(ctx, {
    kind: "checkContent",
    content,
    title: doc.title,
    now: ctx.clock.now(),
  });
  const governed = isGovernedDocument(doc.title, readDocumentMetadata(content));
  return findings
    .map((f) => toImprovement(doc.id, f, governed))
    .sort((a, b) => PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority]);
}
