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

// A duty ("must", "shall"), or a condition with a consequence ("if you fail to comply", "will
// terminate automatically if You fail to comply with any of its terms", MPL-2.0 §5.1).
const MODAL =
  /\b(must|shall|is required to|are required to|is mandatory|are mandatory|required to|fail(?:s|ure)? to (?:comply|meet|observe|pay|provide|cure)|automatically terminate)\b/i;
const DEADLINE =
  /\b(?:within \d[\d,.]*\s*(?:working |business |calendar )?(?:minutes?|hours?|days?|weeks?|months?|years?)|no later than [^,.;]+|before \d{1,2} \w+ \d{4}|by \d{1,2} \w+(?: \d{4})?|every \d+ (?:days|months|years)|immediately\b(?! (?:before|after|following|preceding|precedes?|follows?|adjacent|next|to the))|with immediate effect)/i;
const PENALTY =
  /\b(disciplinary action|dismissal|termination|terminated?|terminates|fines|fined|penalt(?:y|ies)|liable|liability|sanctions?|criminal offence|prosecution|breach of contract|not be reimbursed|will be rejected|suspended)\b/gi;
// Before a consequence: words that deny or limit it ("shall not be liable", "limiting
// liability", "disclaims liability", "not be subject to revocation, cancellation, termination").
const DENIAL =
  /^(?:no|not|never|without|nor|neither|cannot|can't|won't|disclaims?|disclaimed|disclaimers?|waivers?|waives?|waived|limit(?:s|ing|ed|ations?)?|exclud(?:e|es|ing|ed)|exclusions?)$/i;
// A clause-wide denial: "IN NO EVENT SHALL THE AUTHORS BE LIABLE", "UNDER NO CIRCUMSTANCES …".
const WHOLLY_DENIED = /\b(?:in no (?:event|case)|under no (?:circumstances|legal theory))\b/i;
// Termination is a consequence when it ends someone's rights or relationship, not a string's
// end ("must be terminated with a semicolon") or a program's ("or terminate").
const TERMINATED_RELATION =
  /\b(?:rights?|licen[cs]es?|agreement|contract|employment|access|account|membership|engagement|subscription|grants?|permissions?|sublicenses?)\b|\b(?:result in|lead to|grounds for|subject to|face|including)\s+(?:immediate\s+|summary\s+)?$/i;
const MODAL_VERB = /^(?:will|shall|may|must|can|could|would|should)$/i;
const DENIAL_WINDOW = 8;
const CLAUSE_BREAK = /[;:]|\.\s/g;

/** Where each clause of `sentence` starts: after every ";", ":" or full stop. */
function clauseStarts(sentence: string): number[] {
  return [0, ...[...sentence.matchAll(CLAUSE_BREAK)].map((m) => m.index + m[0].length)];
}

/**
 * Whether the clause before a consequence denies it. "In no event … liable" denies the whole
 * clause; otherwise a denial word among the last few words counts unless a modal verb follows it,
 * which starts the main verb of a sentence whose negation was in its condition ("who do not
 * complete training will face disciplinary action").
 */
function isDenied(clause: string): boolean {
  const words = clause
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(-DENIAL_WINDOW);
  let denied = false;
  for (const word of words) {
    if (DENIAL.test(word)) denied = true;
    else if (MODAL_VERB.test(word)) denied = false;
  }
  return denied;
}

/**
 * The consequence a sentence imposes, or null. A consequence that the clause denies or limits is
 * a disclaimer (a licence limiting its authors' liability, a waiver that cannot be terminated),
 * which binds no one to anything, so it does not count.
 */
export function findPenalty(sentence: string): string | null {
  if (WHOLLY_DENIED.test(sentence)) return null;
  // One pass: clause starts and consequences are both in order, so each is visited once.
  const starts = clauseStarts(sentence);
  let clause = 0;
  for (const match of sentence.matchAll(PENALTY)) {
    const term = match[0];
    while (clause + 1 < starts.length && (starts[clause + 1] ?? 0) <= match.index) clause++;
    const before = sentence.slice(Math.max(starts[clause] ?? 0, match.index - 400), match.index);
    const end = match.index + term.length;
    // Once a consequence in the sentence is denied, the sentence is a disclaimer throughout.
    if (!/^not\b/i.test(term) && isDenied(before)) return null;
    if (/^terminat/i.test(term)) {
      const after = sentence.slice(end, end + 80).split(/[;:]|\.\s/)[0] ?? "";
      if (!TERMINATED_RELATION.test(`${before.slice(-80)} ${after}`) && !TERMINATED_RELATION.test(before))
        continue;
    }
    // A word broken across lines in a rendered manual ("de‐ fines") is not a fine.
    if (/[-\u2010]\s*$/.test(before)) continue;
    // "liability obligations", "liability insurance": a kind of duty or cover, not a consequence.
    const next = sentence.slice(end, end + 20);
    if (/^liability$/i.test(term) && /^\s*(?:obligations?|insurance|cover(?:age)?)\b/i.test(next)) continue;
    return term;
  }
  return null;
}

/** Sentences and list items that state an obligation, in document order. */
export function findObligations(text: string): Obligation[] {
  const obligations: Obligation[] = [];
  for (const unit of splitSentences(text)) {
    if (unit.kind !== "sentence" && unit.kind !== "list-item") continue;
    if (!MODAL.test(unit.text)) continue;
    const plain = plainInline(unit.text);
    obligations.push({
      text: plain,
      start: unit.start,
      deadline: DEADLINE.exec(unit.text)?.[0] ?? null,
      penalty: findPenalty(plain),
    });
  }
  return obligations;
}
