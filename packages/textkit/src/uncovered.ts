import { askedStem, type AskedWord } from "./question";
import { isStopWord, stem, tokenize, type TextLanguage } from "./tokenize";

/**
 * Which of a question's salient words the cited text never mentions: the scope a near-miss
 * question adds to a topic the archive does cover ("parental leave for contractors in Japan" when
 * the Leave Policy speaks of employees in Ireland). An answer that ignores them reads as if it
 * covered them, so the assistant says what is missing instead. Salient means one of:
 * - a name: a word written with a capital inside the question ("Japan", "Tokyo", "SAP");
 * - a word the archive never uses at all;
 * - the scope set by a preposition: the content words right after "for", "in", "at", "with",
 *   "within", "outside" or "across" ("for contractors", "in the United States", "with the
 *   commercial support desk"), or by a possessive ("a developer's parental leave");
 * - a version number ("the Apache License 1.1", "Perl 5.36"): a text of another version is
 *   another document, however alike their words.
 * Other absent words are left alone: a question in other words than the document's ("a scratch
 * file that disappears") is still answered by it.
 */

const SCOPE_PREPOSITIONS = new Set(["for", "in", "at", "with", "within", "outside", "across"]);
/** "developer's", not "what's" (a stop word). */
const possessive = (token: string) => /['’]s$/.test(token) && !isStopWord(token);
/** Digits joined by dots, as versions and releases are written ("1.1", "2.0", "5.36.0"). */
const VERSION = /^\d+(?:\.\d+)+$/;
/** Content words read after a scope preposition. */
const SCOPE_WORDS = 3;

export interface CoverageInput {
  question: string;
  asked: readonly AskedWord[];
  /** Stems the cited text holds (its title and passages). */
  cited: ReadonlySet<string>;
  /** Synonym stems of each asked stem: one held counts as covered. */
  synonyms?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Asked words (as typed) that no passage of the archive holds. */
  unseen?: readonly string[];
  /** Whether a word names the cited document otherwise (its title's initials, say). */
  named?: (word: string) => boolean;
  /** The cited passages' language, which their stems are in (besides the title's English ones). */
  language?: TextLanguage;
}

export interface UncoveredWord {
  /** The word as the question writes it ("Japan"). */
  word: string;
  /** True when no passage of the archive holds it, not only the cited text. */
  nowhere: boolean;
}

/** Words written with a capital after the question's first word, lowercased, as tokenize reads them. */
function capitalised(question: string): Set<string> {
  const out = new Set<string>();
  const words = question.slice(0, 2_000).match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  words.forEach((word, i) => {
    if (i > 0 && /^\p{Lu}/u.test(word)) for (const token of tokenize(word)) out.add(token);
  });
  return out;
}

/** The content words of each scope a preposition or possessive opens ("for contractors", "in the United States"). */
function scoped(question: string): Set<string> {
  const out = new Set<string>();
  const tokens = tokenize(question.slice(0, 2_000));
  tokens.forEach((token, i) => {
    if (!SCOPE_PREPOSITIONS.has(token) && !possessive(token)) return;
    let taken = 0;
    for (let j = i + 1; j < tokens.length && taken < SCOPE_WORDS; j++) {
      const next = tokens[j]!;
      if (SCOPE_PREPOSITIONS.has(next)) break;
      if (isStopWord(next)) {
        if (taken > 0) break; // "for contractors in": the scope ends at the next function word
        continue; // "in the United States": articles before the scope's words
      }
      out.add(next);
      taken++;
    }
  });
  return out;
}

/** The question's as-typed spelling of an asked word ("Japan" for "japan"). */
function asWritten(question: string, word: string): string {
  const match = question.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.find((w) => w.toLowerCase() === word);
  return match ?? word;
}

export function uncoveredWords(input: CoverageInput): UncoveredWord[] {
  const names = capitalised(input.question);
  const scope = scoped(input.question);
  const unseen = new Set(input.unseen ?? []);
  const out: UncoveredWord[] = [];
  for (const a of input.asked) {
    if (input.cited.has(a.stem) || input.cited.has(stem(a.word))) continue;
    if (input.language && input.cited.has(askedStem(a, input.language))) continue;
    if ([...(input.synonyms?.get(a.stem) ?? [])].some((s) => input.cited.has(s))) continue;
    if (input.named?.(a.word)) continue;
    const nowhere = unseen.has(a.word);
    if (!nowhere && !names.has(a.word) && !scope.has(a.word) && !VERSION.test(a.word)) continue;
    out.push({ word: asWritten(input.question, a.word), nowhere });
  }
  return out;
}

/** "a", "a or b", "a, b or c": how an answer lists what is missing. */
export function listWords(words: readonly string[], conjunction = "or"): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} ${conjunction} ${words[words.length - 1]}`;
}
