import type { ContentFinding } from "./content-checks";
import { findObligations } from "./obligations";
import { describeSections, plural, sectionNamer } from "./sections";

/**
 * Risk rules: explicit, named conditions over a document's text and content checks. Each note
 * says which rule fired and where, so a reader can check it; the level is the worst severity.
 * A control field the header lacks (owner, effective or review date) is a gap to fill, offered
 * as an improvement and a suggested action, not a risk in what the document says: rated as a
 * risk it made every licence, manual and release note at least Medium.
 */

export type RiskLevel = "Low" | "Medium" | "High";
export type RiskRule =
  | "personal-data-without-retention"
  | "personal-data"
  | "obligation-with-penalty"
  | "obligation-with-deadline"
  | "past-review-date"
  | "credentials-in-text"
  | "unresolved-todo";

export interface RiskNote {
  rule: RiskRule;
  severity: RiskLevel;
  /** "Personal data without a retention clause: 2 e-mail addresses in § Escalation contacts". */
  note: string;
}

const RETENTION_CLAUSE =
  /\b(retention|retain(?:ed|s)?|kept for|keep (?:it|them|records) for|deleted? (?:after|within)|erased?|destroyed after)\b/i;
// A secret written into the text: a password or key given a value, a private key block, a cloud
// access key or a token in its vendor's format. Mentioning passwords (a manual's --password
// option, a policy's rules for them) is not a risk; writing one down is.
const CREDENTIAL =
  /\b(?:password|passwd|pwd|passphrase|secret|api[_ -]?key|access[_ -]?key|client[_ -]?secret|token)\b["']?[ \t]*(?:[:=]|\bis\b)[ \t]*["'`]?([^\s"'`<>]{6,100})|-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY-----|\b(?:AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{36}|xox[abp]-[A-Za-z0-9-]{10,48}|sk-[A-Za-z0-9]{32,64})\b/gi;
// What stands where a value goes in documentation: "<password>", "$TOKEN", "********", "your-key".
const PLACEHOLDER =
  /^(?:[<[{$%*x.]|your|my|example|changeme|secret|password|none|null|required|optional|set|the|a|an)|[>\]}]$|^\W+$/i;
const RULE_NAMES: Record<RiskRule, string> = {
  "personal-data-without-retention": "Personal data without a retention clause",
  "personal-data": "Personal data present",
  "obligation-with-penalty": "Obligations with penalties",
  "obligation-with-deadline": "Obligations with deadlines",
  "past-review-date": "Review date passed",
  "credentials-in-text": "Credentials written in the text",
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

function credentialNote(text: string): RiskNote[] {
  const name = sectionNamer(text);
  const hits = [...text.matchAll(CREDENTIAL)].filter((h) => {
    const value = h[1];
    return value === undefined || (!PLACEHOLDER.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value));
  });
  if (hits.length === 0) return [];
  const detail = `${plural(hits.length, "secret")} (a password, key or token with its value): remove ${hits.length === 1 ? "it" : "them"} and rotate`;
  return [
    note(
      "credentials-in-text",
      "High",
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
  const notes = [...findingNotes(text, findings), ...obligationNotes(text), ...credentialNote(text)];
  notes.sort((a, b) => ORDER[b.severity] - ORDER[a.severity]);
  const worst = notes[0]?.severity ?? "Low";
  return { riskLevel: worst, notes };
}

export function maxRiskLevel(a: RiskLevel, b: RiskLevel): RiskLevel {
  return ORDER[a] >= ORDER[b] ? a : b;
}
