import { z } from "zod";

/**
 * The languages OCR reads and search stems, by their Tesseract codes (ISO 639-2/T, which are also
 * franc's ISO 639-3 codes for these six): English, German, French, Spanish, Italian, Dutch.
 */
export const documentLanguages = ["eng", "deu", "fra", "spa", "ita", "nld"] as const;
export const documentLanguageSchema = z.enum(documentLanguages, {
  error: "choose from eng, deu, fra, spa, ita and nld",
});
export type DocumentLanguage = z.infer<typeof documentLanguageSchema>;

export const documentLanguageNames: Record<DocumentLanguage, string> = {
  eng: "English",
  deu: "German",
  fra: "French",
  spa: "Spanish",
  ita: "Italian",
  nld: "Dutch",
};

/** A stored language code as people read it ("deu" → "German"); an unknown code as it is. */
export function languageName(code: string): string {
  return (documentLanguageNames as Record<string, string>)[code] ?? code;
}

/** What OCR reads when an Admin has chosen nothing: English, as before languages could be chosen. */
export const DEFAULT_OCR_LANGUAGES: readonly DocumentLanguage[] = ["eng"];

/**
 * GET|PUT /api/ingestion/languages: the languages scanned pages are read in (Settings › Ingestion).
 * At least one; each once. Every document's language is detected among all six regardless.
 */
export const ingestionLanguagesSchema = z.object({
  languages: z
    .array(documentLanguageSchema)
    .min(1, "choose at least one language")
    .refine((list) => new Set(list).size === list.length, "each language once"),
});
export type IngestionLanguages = z.infer<typeof ingestionLanguagesSchema>;
