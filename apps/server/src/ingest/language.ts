import { documentLanguages, type DocumentLanguage } from "@quire/contracts";
import { franc } from "franc-min";

/** Enough text to tell the language apart; franc reads trigrams, so more only costs time. */
const SAMPLE_CHARS = 20_000;
/** Below this many letters a guess is no better than chance, and none is stored. */
const MIN_LETTERS = 40;

/**
 * The language a text is written in, among the six Quire reads (franc-min's trigram model, which
 * uses the same ISO 639-3 codes as Tesseract for these), or null when the text is too short or
 * undecided. Markdown marks, links and numbers are dropped first: they are no language's.
 */
export function detectLanguage(text: string): DocumentLanguage | null {
  const words = text
    .slice(0, SAMPLE_CHARS)
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/[^\p{L}\s'’-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if ((words.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return null;
  const found = franc(words, { only: [...documentLanguages], minLength: MIN_LETTERS });
  return (documentLanguages as readonly string[]).includes(found) ? (found as DocumentLanguage) : null;
}
