/**
 * The languages stemmed and stopped by their own rules, by their ISO 639-3 codes: the six a
 * document's language is detected among. Any other text is read as English.
 */
export const TEXT_LANGUAGES = ["eng", "deu", "fra", "spa", "ita", "nld"] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** A stored language code as the tokenizer reads it: English when unknown or undetermined. */
export function textLanguage(code: string | null | undefined): TextLanguage {
  return (TEXT_LANGUAGES as readonly string[]).includes(code ?? "") ? (code as TextLanguage) : "eng";
}
