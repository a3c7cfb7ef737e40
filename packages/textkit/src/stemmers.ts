import type { TextLanguage } from "./tokenize";

/**
 * The Snowball stemmer of each language other than English (English is Porter2, in tokenize.ts).
 * A language missing here is stemmed as English, as every text was before languages had stemmers.
 */
export const SNOWBALL_STEMMERS: Partial<Record<Exclude<TextLanguage, "eng">, (word: string) => string>> = {};
