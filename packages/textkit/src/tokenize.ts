import { stem as porter2Stem } from "porter2";
import { memoized } from "./memo";

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

export function isStopWord(token: string): boolean {
  return ENGLISH_STOP_WORDS.has(token);
}

/**
 * Porter2 (Snowball English) stem of a lowercase token: the same algorithm as PostgreSQL's
 * `english` text search configuration, so stems computed here agree with the database's lexemes.
 * Hyphenated compounds are stemmed part by part; tokens with digits are returned unchanged.
 */
export const stem: (token: string) => string = memoized((token) => {
  if (/\p{N}/u.test(token)) return token;
  if (token.includes("-")) return token.split("-").map(porter2Stem).join("-");
  return porter2Stem(token);
}, 50_000);

/** Tokens of `text` without stop words, stemmed: the terms to index, count or compare. */
export function toSearchTerms(text: string, opts: TokenizeOptions = {}): string[] {
  return tokenize(text, opts)
    .filter((token) => !isStopWord(token))
    .map(stem);
}
