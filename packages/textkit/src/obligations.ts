import { plainInline } from "./sections";
import { splitSentences } from "./sentences";

/** A sentence that binds someone ("must", "shall", "is required to"), with what makes it pressing. */
export interface Obligation {
  text: string;
  start: number;
  /** It sets a time limit: "within 72 hours", "no later than 1 March", "by 30 June 2027". */
  deadline: string | null;
  /** It names a consequence: disciplinary action, fines, penalties, liability, termination. */
  penalty: string | null;
}

const MODAL = /\b(must|shall|is required to|are required to|is mandatory|are mandatory|required to)\b/i;
const DEADLINE =
  /\b(?:within \d[\d,.]*\s*(?:working |business |calendar )?(?:minutes?|hours?|days?|weeks?|months?|years?)|no later than [^,.;]+|before \d{1,2} \w+ \d{4}|by \d{1,2} \w+(?: \d{4})?|every \d+ (?:days|months|years)|immediately)\b/i;
const PENALTY =
  /\b(disciplinary action|dismissal|termination|terminated|fines?|penalt(?:y|ies)|liable|liability|sanctions?|criminal offence|prosecution|breach of contract|not be reimbursed|will be rejected|suspended)\b/i;

/** Sentences and list items that state an obligation, in document order. */
export function findObligations(text: string): Obligation[] {
  const obligations: Obligation[] = [];
  for (const unit of splitSentences(text)) {
    if (unit.kind !== "sentence" && unit.kind !== "list-item") continue;
    if (!MODAL.test(unit.text)) continue;
    obligations.push({
      text: plainInline(unit.text),
      start: unit.start,
      deadline: DEADLINE.exec(unit.text)?.[0] ?? null,
      penalty: PENALTY.exec(unit.text)?.[0] ?? null,
    });
  }
  return obligations;
}
