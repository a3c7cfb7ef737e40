import type { TextLanguage } from "./tokenize";

/**
 * The Snowball stemmer of each language other than English (English is Porter2, in tokenize.ts).
 * A language missing here is stemmed with English's (its stop words are still its own).
 */
export const SNOWBALL_STEMMERS: Partial<Record<Exclude<TextLanguage, "eng">, (word: string) => string>> = {};
