import { isStopWord, stem, stemmerOf, tokenize, type TextLanguage } from "./tokenize";

/**
 * What a question asks about: its content words with the framing taken off ("how do I", "what
 * is", "show me the documentation for", "is it possible to"), each as typed and as its stem, so
 * retrieval can weigh the asked words above their morphological variants and synonyms.
 */

export interface AskedWord {
  /** The word as typed (lower case). */
  word: string;
  /** Its stem, as the search index stores it. */
  stem: string;
}

/**
 * An asked word's stem as a text in `language` stems it. A question is a few words whose language
 * cannot be told reliably, and the candidates may be in several languages: each passage is
 * compared with the question stemmed in the passage's own language (German "Verträge" meets a
 * German passage's "Vertrag"), never with another language's stems. The English stem is the asked
 * word's identity, which the idf and synonym maps are keyed by.
 */
export function askedStem(a: AskedWord, language: TextLanguage): string {
  return language === "eng" ? a.stem : stemmerOf(language)(a.word);
}

/** What kind of answer the question's framing asks for ("how many" → a number, "how do I" → an option). */
export type ExpectedAnswer = "number" | "option" | null;

export interface QuestionAnalysis {
  asked: AskedWord[];
  expects: ExpectedAnswer;
  /** The asked words joined: the query given to search. */
  query: string;
}

// Words that frame a question rather than say what it is about.
const FRAMING = new Set([
  "show",
  "tell",
  "give",
  "list",
  "find",
  "explain",
  "describe",
  "document",
  "documentation",
  "doc",
  "docs",
  "information",
  "info",
  "please",
  "need",
  "know",
  "want",
  "anything",
  "something",
  "archive",
  "possible",
  "able",
  "way",
  "get",
  "got",
  "let",
  "also",
  "really",
  "actually",
  "exactly",
  "much",
  "many",
  "long",
  "often",
  "soon",
  "say",
  "says",
  "mean",
  "means",
  "called",
  "kind",
  "happens",
  "happen",
  "thing",
  "things",
  "someone",
  "one",
  "ones",
  "instead",
  "rather",
  "without",
]);
/** The framing words as stems, for callers that compare search terms. */
export const FRAMING_STEMS: ReadonlySet<string> = new Set([...FRAMING].map(stem));

/** Framing words and stop words are dropped; the rest are what the question is about. */
export function analyseQuestion(question: string): QuestionAnalysis {
  const asked: AskedWord[] = [];
  const seen = new Set<string>();
  for (const token of tokenize(question)) {
    // "du's report" asks about du: the possessive is not part of the name the documents use.
    const word = token.endsWith("'s") || token.endsWith("’s") ? token.slice(0, -2) : token;
    if (isStopWord(token) || isStopWord(word) || FRAMING.has(word) || word.length < 2) continue;
    const s = stem(word);
    if (FRAMING_STEMS.has(s) || seen.has(s)) continue;
    seen.add(s);
    asked.push({ word, stem: s });
  }
  return { asked, expects: expectedAnswer(question), query: asked.map((a) => a.word).join(" ") };
}

const NUMBER_QUESTION = /\bhow (?:many|much|long|often|old|big|large|far|soon)\b/i;
const OPTION_QUESTION =
  /\b(?:how (?:do|can|could|would|should) (?:i|you|we)|which (?:option|switch|flag|argument|parameter|command|key|tool|setting))\b/i;

export function expectedAnswer(question: string): ExpectedAnswer {
  const text = question.slice(0, 500);
  if (NUMBER_QUESTION.test(text)) return "number";
  if (OPTION_QUESTION.test(text)) return "option";
  return null;
}
