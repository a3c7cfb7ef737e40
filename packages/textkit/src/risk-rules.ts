import type { ContentFinding } from "./content-checks";
import { findObligations } from "./obligations";
import { describeSections, plural, sectionNamer } from "./sections";

/**
 * Risk rules: explicit, named conditions over a document's text and content checks. Each note
 * says which rule fired and where, so a reader can check it; the level is the worst severity.
 */

export type RiskLevel = "Low" | "Medium" | "High";
export type RiskRule =
  | "personal-data-without-retention"
  | "personal-data"
  | "obligation-with-penalty"
  | "obligation-with-deadline"
  | "missing-owner"
  | "missing-review-date"
  | "past-review-date"
  | "security-terms"
  | "unresolved-todo";

export interface RiskNote {
  rule: RiskRule;
  severity: RiskLevel;
  /** "Personal data without a retention clause: 2 e-mail addresses in § Escalation contacts". */
  note: string;
}

const RETENTION_CLAUSE =
  /\b(retention|retain(?:ed|s)?|kept for|keep (?:it|them|records) for|deleted? (?:after|within)|erased?|destroyed after)\b/i;
const SECURITY_TERMS =
  /\b(passwords?|credentials?|encryption|encrypted|MFA|multi-factor|private keys?|secrets?|access tokens?|vulnerabilit(?:y|ies)|malware|phishing)\b/gi;
const RULE_NAMES: Record<RiskRule, string> = {
  "personal-data-without-retention": "Personal data without a retention clause",
  "personal-data": "Personal data present",
  "obligation-with-penalty": "Obligations with penalties",
  "obligation-with-deadline": "Obligations with deadlines",
  "missing-owner": "Missing owner",
  "missing-review-date": "Missing review date",
  "past-review-date": "Review date passed",
  "security-terms": "Security-sensitive content",
  "unresolved-todo": "Unresolved placeholders",
};
const ORDER: Record<RiskLevel, number> = { High: 2, Medium: 1, Low: 0 };

function note(rule: RiskRule, severity: RiskLevel, detail: string): RiskNote {
  return { rule, severity, note: `${RULE_NAMES[rule]}: ${detail}` };
}

function where(detail: string, sections: readonly string[]): string {
  const place = describeSections(sections);
  return place ? `${detail} in ${place}` : detail;
}

function obligationNotes(text: string): RiskNote[] {
  const name = sectionNamer(text);
  const obligations = findObligations(text);
  const notes: RiskNote[] = [];
  const penalties = obligations.filter((o) => o.penalty);
  if (penalties.length > 0) {
    const terms = [...new Set(penalties.map((o) => (o.penalty ?? "").toLowerCase()))].slice(0, 3);
    const detail = `${plural(penalties.length, "obligation")} naming ${terms.join(", ")}`;
    notes.push(
      note(
        "obligation-with-penalty",
        "Medium",
        where(
          detail,
          penalties.map((o) => name(o.start)),
        ),
      ),
    );
  }
  const deadlines = obligations.filter((o) => o.deadline && !o.penalty);
  if (deadlines.length > 0) {
    const examples = [...new Set(deadlines.map((o) => `"${o.deadline}"`))].slice(0, 3);
    const detail = `${plural(deadlines.length, "obligation")} with time limits (${examples.join(", ")})`;
    notes.push(
      note(
        "obligation-with-deadline",
        "Low",
        where(
          detail,
          deadlines.map((o) => name(o.start)),
        ),
      ),
    );
  }
  return notes;
}

function securityNote(text: string): RiskNote[] {
  const name = sectionNamer(text);
  const hits = [...text.matchAll(SECURITY_TERMS)];
  if (hits.length < 2) return [];
  const terms = [...new Set(hits.map((h) => h[0].toLowerCase()))].slice(0, 4);
  const detail = `mentions ${terms.join(", ")}`;
  return [
    note(
      "security-terms",
      "Low",
      where(
        detail,
        hits.map((h) => name(h.index)),
      ),
    ),
  ];
}

function findingNotes(text: string, findings: readonly ContentFinding[]): RiskNote[] {
  const notes: RiskNote[] = [];
  for (const f of findings) {
    if (f.rule === "personal-data") {
      const retained = RETENTION_CLAUSE.test(text);
      const rule = retained ? "personal-data" : "personal-data-without-retention";
      notes.push(note(rule, retained ? "Medium" : "High", where(f.detail, f.sections)));
    } else if (f.rule === "missing-owner") {
      notes.push(
        note("missing-owner", "Medium", "no owner is named, so nobody is accountable for keeping it current"),
      );
    } else if (f.rule === "missing-review-date") {
      notes.push(note("missing-review-date", "Medium", "no review date is stated"));
    } else if (f.rule === "past-review-date") {
      notes.push(
        note("past-review-date", "High", `the stated review date (${f.matches[0] ?? "?"}) has passed`),
      );
    } else if (f.rule === "unresolved-todo") {
      notes.push(note("unresolved-todo", "Medium", where(f.detail, f.sections)));
    }
  }
  return notes;
}

/** Every risk note that fires for the document, most severe first; and the resulting level. */
export function assessRisk(
  text: string,
  findings: readonly ContentFinding[],
): { riskLevel: RiskLevel; notes: RiskNote[] } {
  const notes = [...findingNotes(text, findings), ...obligationNotes(text), ...securityNote(text)];
  notes.sort((a, b) => ORDER[b.severity] - ORDER[a.severity]);
  const worst = notes[0]?.severity ?? "Low";
  return { riskLevel: worst, notes };
}

export function maxRiskLevel(a: RiskLevel, b: RiskLevel): RiskLevel {
  return ORDER[a] >= ORDER[b] ? a : b;
}
