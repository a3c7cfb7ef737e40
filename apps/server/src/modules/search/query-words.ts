import {
  idf,
  isStopWord,
  stemmerOf,
  textLanguage,
  type CorpusStats,
  type ParsedSearchQuery,
  type QueryTerm,
  type TextLanguage,
} from "@quire/textkit";
import type { Evidence } from "./evidence-scores";

/*
 * The query's words as the ranking weighs them against a candidate's words as written (its exact
 * forms and its title's sub-words, ranking.ts).
 */

/** Lowercase letter and digit runs: words as written, unstemmed. */
export const lowerWords = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Share (0..1) of the query words' weight present as typed. */
export function exactShare(words: Evidence["queryWords"], present: Set<string>): number {
  let total = 0;
  let hit = 0;
  for (const { word, weight } of words) {
    total += weight;
    if (present.has(word)) hit += weight;
  }
  return total > 0 ? hit / total : 0;
}

/**
 * The query's words as typed (lowercase, no stop words), each weighted by its stem's idf: the
 * word's lexeme in the first of the languages the query was read in (English, then the chosen
 * others, text-configs.ts) that gave one, as a German plural is a German lexeme only.
 */
export function weightedQueryWords(
  parsed: ParsedSearchQuery,
  terms: QueryTerm[],
  stats: CorpusStats,
  languages: readonly TextLanguage[],
) {
  const words = new Set(parsed.positiveWords.flatMap(lowerWords));
  const stemmers = languages.map(stemmerOf);
  const termOf = (word: string) => {
    for (const stem of stemmers) {
      const lexeme = stem(word);
      const term = terms.find((t) => t.position !== null && t.lexeme === lexeme);
      if (term) return term;
    }
    return undefined;
  };
  return [...words]
    .filter((word) => !isStopWord(word))
    .map((word) => ({ word, weight: idf(stats.passages, termOf(word)?.df ?? 1) }));
}

/** The languages a query is read in: English, then the other chosen ones. */
export const readIn = (chosen: readonly string[]): TextLanguage[] => [
  ...new Set<TextLanguage>(["eng", ...chosen.map(textLanguage)]),
];
