import type { RiskLevel } from "./risk-rules";
import { plainInline } from "./sections";
import { splitSentences, type Sentence } from "./sentences";
import { tokenize } from "./tokenize";

/**
 * What a changed clause now means: the old and new versions of each edited sentence are paired
 * by their shared words, and compared on the attributes a reviewer reads a clause for (its term,
 * exclusivity, revocability, territory, price, transferability, the strength of a duty, liability,
 * its time limits), so "a perpetual, worldwide, non-exclusive … license" becoming "a fixed-term
 * (five years), worldwide, exclusive … license" reads as a change of term and of exclusivity.
 */

export interface ClauseChange {
  /** "term", "exclusivity", "time limit", … */
  attribute: string;
  before: string;
  after: string;
  risk: RiskLevel;
  /** The new clause (or the old one when nothing replaced it), shortened. */
  context: string;
  /** Offsets of the clause in each version (end exclusive). */
  oldStart: number;
  oldEnd: number;
  newStart: number;
  newEnd: number;
}

interface Attribute {
  name: string;
  risk: RiskLevel;
  /** Reads the attribute's value in a clause, or null when the clause does not state it. */
  read: (clause: string) => string | null;
}

const NUMBER_WORD = String.raw`(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|forty-five|sixty|ninety)`;
const UNIT = String.raw`(?:working |business |calendar )?(?:minutes?|hours?|days?|weeks?|months?|years?)`;
/** "30 days", "five (5) years", "12-month": a length of time, never a count. */
export const DURATION = new RegExp(String.raw`\b${NUMBER_WORD}(?:[ -]\(\d+\))?[ -]${UNIT}\b`, "gi");

function first(pattern: RegExp, clause: string): string | null {
  return pattern.exec(clause)?.[0].toLowerCase().replace(/\s+/g, " ") ?? null;
}

function readTerm(clause: string): string | null {
  if (/\bperpetual\b/i.test(clause)) return "perpetual";
  const fixed =
    /\bfixed[- ]term\b(?:\s*\(([^()]{1,40})\))?|\bfor an? (?:initial )?(?:term|period) of ([^,;.]{1,40})/i.exec(
      clause,
    );
  if (fixed) {
    const length = (fixed[1] ?? fixed[2] ?? "").trim();
    return length ? `fixed-term (${length})` : "fixed-term";
  }
  if (/\buntil terminated\b|\bindefinite(?:ly)?\b/i.test(clause)) return "until terminated";
  return null;
}

function readDuty(clause: string): string | null {
  if (/\b(?:must|shall) not\b|\bmay not\b|\bis prohibited\b/i.test(clause)) return "prohibited";
  if (/\b(?:must|shall|is required to|are required to)\b/i.test(clause)) return "required";
  if (/\bshould\b/i.test(clause)) return "recommended";
  // Lower case only: "May" is also a month ("Review date: 16 May 2027").
  if (/\b(?:may|can)\b(?! \d)/.test(clause)) return "permitted";
  return null;
}

const ATTRIBUTES: Attribute[] = [
  { name: "term", risk: "High", read: readTerm },
  {
    name: "exclusivity",
    risk: "High",
    read: (c) => first(/\bnon-?exclusive\b|\b(?:sole and )?exclusive\b/i, c),
  },
  { name: "revocability", risk: "High", read: (c) => first(/\b(?:ir)?revocable\b/i, c) },
  {
    name: "territory",
    risk: "Medium",
    read: (c) =>
      first(/\bworld-?wide\b|\bin the territory\b/i, c) ??
      first(/\b(?:only )?in (?:the )?(?:United Kingdom|UK|United States|US|EU|European Union|Ireland)\b/, c),
  },
  {
    name: "price",
    risk: "Medium",
    read: (c) =>
      first(
        /\broyalty-free\b|\bno-charge\b|\bfree of charge\b|\broyalty-bearing\b|\bfor a fee\b|\bsubject to (?:a |the )?(?:fee|royalt(?:y|ies))\b/i,
        c,
      ),
  },
  {
    name: "transferability",
    risk: "Medium",
    read: (c) => first(/\bnon-?transferable\b|\btransferable\b/i, c),
  },
  { name: "duty", risk: "High", read: readDuty },
  {
    name: "liability",
    risk: "High",
    read: (c) =>
      // The same denials obligations.ts reads: "in no event", "under no circumstances … liable".
      /\bin no event\b|\bunder no (?:circumstances|legal theory)\b|\bnot be liable\b|\bno liability\b/i.test(
        c,
      )
        ? "excluded"
        : /\bliable\b|\bliability\b/i.test(c)
          ? "accepted"
          : null,
  },
];

function words(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokenize(text)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

function dice(a: Map<string, number>, b: Map<string, number>): number {
  let shared = 0;
  let total = 0;
  for (const [t, n] of a) {
    shared += Math.min(n, b.get(t) ?? 0);
    total += n;
  }
  for (const n of b.values()) total += n;
  return total === 0 ? 0 : (2 * shared) / total;
}

const MAX_UNPAIRED = 300;
const PAIR_SIMILARITY = 0.5;

/** Prose clauses; a header of fields ("**Owner:** … · **Review date:** …") is not a clause. */
function clauses(text: string): Sentence[] {
  return splitSentences(text).filter(
    (s) => (s.kind === "sentence" || s.kind === "list-item") && !/^\*\*[^*\n]{1,40}:\*\*/.test(s.text),
  );
}

/** Old and new sentences that differ, paired with their most similar counterpart. */
function pairEdits(oldText: string, newText: string): Array<{ before: Sentence; after: Sentence }> {
  const oldClauses = clauses(oldText);
  const newClauses = clauses(newText);
  const oldSet = new Set(oldClauses.map((s) => s.text));
  const newSet = new Set(newClauses.map((s) => s.text));
  const gone = oldClauses.filter((s) => !newSet.has(s.text)).slice(0, MAX_UNPAIRED);
  const came = newClauses.filter((s) => !oldSet.has(s.text)).slice(0, MAX_UNPAIRED);
  const goneWords = gone.map((s) => words(s.text));
  const used = new Set<number>();
  const pairs: Array<{ before: Sentence; after: Sentence }> = [];
  for (const after of came) {
    const afterWords = words(after.text);
    let best = -1;
    let bestScore = PAIR_SIMILARITY;
    goneWords.forEach((w, i) => {
      if (used.has(i)) return;
      const score = dice(w, afterWords);
      if (score >= bestScore) {
        best = i;
        bestScore = score;
      }
    });
    const before = gone[best];
    if (before) {
      used.add(best);
      pairs.push({ before, after });
    }
  }
  return pairs;
}

function durations(clause: string): string[] {
  return [...clause.matchAll(DURATION)].map((m) => m[0].toLowerCase());
}

function shorten(text: string, max = 140): string {
  const plain = plainInline(text);
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/** Every attribute that a paired clause changed, in the new version's order. */
export function findClauseChanges(oldText: string, newText: string): ClauseChange[] {
  const changes: ClauseChange[] = [];
  for (const { before, after } of pairEdits(oldText, newText)) {
    const base = {
      context: shorten(after.text),
      oldStart: before.start,
      oldEnd: before.end,
      newStart: after.start,
      newEnd: after.end,
    };
    for (const attribute of ATTRIBUTES) {
      const was = attribute.read(before.text);
      const now = attribute.read(after.text);
      if (was === now) continue;
      // A duty is compared only where both versions state one: a sentence that gains "may"
      // beside unrelated edits has not changed what anyone must do.
      if (attribute.name === "duty" && (was === null || now === null)) continue;
      changes.push({
        ...base,
        attribute: attribute.name,
        before: was ?? "not stated",
        after: now ?? "not stated",
        risk: attribute.risk,
      });
    }
    const wasDurations = durations(before.text);
    const nowDurations = durations(after.text);
    if (wasDurations.join("|") !== nowDurations.join("|") && wasDurations.length + nowDurations.length > 0) {
      const term = changes.some((c) => c.oldStart === before.start && c.attribute === "term");
      if (!term) {
        changes.push({
          ...base,
          attribute: "time limit",
          before: wasDurations.join(", ") || "none",
          after: nowDurations.join(", ") || "none",
          risk: "Medium",
        });
      }
    }
  }
  return changes.sort((a, b) => a.newStart - b.newStart);
}
