import { stem as porter2Stem } from "porter2";
import { memoized } from "./memo";
import { SNOWBALL_STEMMERS } from "./stemmers";
import {
  DUTCH_STOP_WORDS,
  FRENCH_STOP_WORDS,
  GERMAN_STOP_WORDS,
  ITALIAN_STOP_WORDS,
  SPANISH_STOP_WORDS,
} from "./stop-words";
import { TEXT_LANGUAGES, type TextLanguage } from "./text-languages";

export { TEXT_LANGUAGES, textLanguage, type TextLanguage } from "./text-languages";

/** A word token with its position in the source text (UTF-16 offsets, end exclusive). */
export interface TokenSpan {
  /** The lowercased token, with curly apostrophes straightened. */
  token: string;
  start: number;
  end: number;
}

export interface TokenizeOptions {
  /**
   * Split hyphenated compounds ("data-retention" → "data", "retention"). Off by default so that
   * a compound stays one feature; highlighting turns it on so either half can be marked.
   */
  splitHyphens?: boolean;
}

const WORD_CHAR = String.raw`[\p{L}\p{M}\p{N}]`;
// Apostrophes and hyphens join word characters only when both sides are word characters, so
// "don't" and "state-of-the-art" stay whole while a quote or dash between words does not.
// A dot or comma joins digits only, so "3.5" and "1,000" are one token but "end.Next" is two.
const DIGIT_JOINER = String.raw`(?<=\p{N})[.,](?=\p{N})`;
const WORD_WITH_HYPHENS = new RegExp(
  `${WORD_CHAR}+(?:(?:['\u2019\u2010\u2011-]|${DIGIT_JOINER})${WORD_CHAR}+)*`,
  "gu",
);
const WORD_WITHOUT_HYPHENS = new RegExp(`${WORD_CHAR}+(?:(?:['\u2019]|${DIGIT_JOINER})${WORD_CHAR}+)*`, "gu");

function normalizeToken(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/\u2019/g, "'")
    .replace(/[\u2010\u2011]/g, "-");
}

/** Word tokens with their offsets in `text`, in order. */
export function tokenizeWithOffsets(text: string, opts: TokenizeOptions = {}): TokenSpan[] {
  const pattern = opts.splitHyphens ? WORD_WITHOUT_HYPHENS : WORD_WITH_HYPHENS;
  const spans: TokenSpan[] = [];
  for (const match of text.matchAll(pattern)) {
    spans.push({
      token: normalizeToken(match[0]),
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return spans;
}

/** Lowercase word tokens: unicode letters and digits, internal apostrophes and hyphens kept. */
export function tokenize(text: string, opts: TokenizeOptions = {}): string[] {
  return tokenizeWithOffsets(text, opts).map((span) => span.token);
}

/**
 * English stop words: the Snowball English list (which PostgreSQL's `english` configuration also
 * uses) plus its contractions and a few function words PostgreSQL adds ("can", "will", "just").
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are aren't as at be because been before
  being below between both but by can can't cannot could couldn't did didn't do does doesn't
  doing don't down during each few for from further had hadn't has hasn't have haven't having he
  he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if
  in into is isn't it it's its itself just let's me more most mustn't my myself no nor not now of
  off on once only or other ought our ours ourselves out over own same shan't she she'd she'll
  she's should shouldn't so some such than that that's the their theirs them themselves then
  there there's these they they'd they'll they're they've this those through to too under until
  up very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's
  which while who who's whom why why's will with won't would wouldn't you you'd you'll you're
  you've your yours yourself yourselves`.split(/\s+/),
);

const STOP_WORDS: Record<TextLanguage, ReadonlySet<string>> = {
  eng: ENGLISH_STOP_WORDS,
  deu: GERMAN_STOP_WORDS,
  fra: FRENCH_STOP_WORDS,
  spa: SPANISH_STOP_WORDS,
  ita: ITALIAN_STOP_WORDS,
  nld: DUTCH_STOP_WORDS,
};

/** Whether a lowercase token is a stop word of `language` (English unless named). */
export function isStopWord(token: string, language: TextLanguage = "eng"): boolean {
  return STOP_WORDS[language].has(token);
}

/**
 * Longer tokens are not stemmed outside English: no word of these languages is that long, and a
 * Snowball stemmer's time grows with the token (a pasted hash or run-together line would cost
 * more than the sentence around it). English stems every token with Porter2, linear in its length.
 */
const MAX_STEMMED_LENGTH = 64;
/**
 * An elided article or preposition before an apostrophe, in French ("l'entreprise", "qu'il",
 * "jusqu'au") and Italian ("dell'azienda", "un'offerta"): the word is what follows it, as
 * PostgreSQL's parser, which splits at the apostrophe, reads it.
 */
const ELISION = /^\p{L}{1,6}'(?=\p{L})/u;

function stemWord(token: string, language: TextLanguage): string {
  if (language === "eng") return porter2Stem(token);
  if (token.length > MAX_STEMMED_LENGTH) return token;
  const word = language === "fra" || language === "ita" ? token.replace(ELISION, "") : token;
  return SNOWBALL_STEMMERS[language](word);
}

/** Stems every part of a hyphenated compound; tokens with digits are returned unchanged. */
function stemToken(token: string, language: TextLanguage): string {
  if (/\p{N}/u.test(token)) return token;
  if (token.includes("-"))
    return token
      .split("-")
      .map((part) => stemWord(part, language))
      .join("-");
  return stemWord(token, language);
}

const STEMS: Record<TextLanguage, (token: string) => string> = Object.fromEntries(
  TEXT_LANGUAGES.map((language) => [language, memoized((token) => stemToken(token, language), 50_000)]),
) as Record<TextLanguage, (token: string) => string>;

/**
 * The stemmer of `language`: each lowercase token's Snowball stem, by the algorithm of
 * PostgreSQL's text search configuration for that language (Porter2 for English), so stems
 * computed here agree with the database's lexemes of a text indexed in it. Hyphenated compounds
 * are stemmed part by part; tokens with digits are returned unchanged. Each language remembers
 * its recent tokens (searches stem the same words query after query).
 */
export function stemmerOf(language: TextLanguage): (token: string) => string {
  return STEMS[language];
}

/** The English stem of a lowercase token (Porter2): `stemmerOf("eng")`. */
export const stem: (token: string) => string = STEMS.eng;

export interface SearchTermsOptions extends TokenizeOptions {
  /** The text's language, for its stop words and stems; English unless named. */
  language?: TextLanguage;
}

/** Tokens of `text` without stop words, stemmed: the terms to index, count or compare. */
export function toSearchTerms(text: string, opts: SearchTermsOptions = {}): string[] {
  const language = opts.language ?? "eng";
  return tokenize(text, opts)
    .filter((token) => !isStopWord(token, language))
    .map(stemmerOf(language));
}

/**
 * The distinct stems of lowercase words (a query's) read as `language` reads them, its stop words
 * left out: what the words are to compare with a text in that language's own terms.
 */
export function wordStems(words: readonly string[], language: TextLanguage = "eng"): string[] {
  return [...new Set(words.filter((word) => !isStopWord(word, language)).map(stemmerOf(language)))];
}
