import { stemmer as dutch } from "@orama/stemmers/dutch";
import { stemmer as french } from "@orama/stemmers/french";
import { stemmer as german } from "@orama/stemmers/german";
import { stemmer as italian } from "@orama/stemmers/italian";
import { stemmer as spanish } from "@orama/stemmers/spanish";
import type { TextLanguage } from "./text-languages";

/**
 * The Snowball stemmer of each language other than English (English is Porter2, in tokenize.ts):
 * Orama's builds of the Snowball project's algorithms, which PostgreSQL's `german`, `french`,
 * `spanish`, `italian` and `dutch` configurations stem with too, so a lexeme here is the index's
 * for the same word as long as the two follow the same Snowball release. Each is linear in the word.
 */
export const SNOWBALL_STEMMERS: Record<Exclude<TextLanguage, "eng">, (word: string) => string> = {
  deu: german,
  fra: french,
  spa: spanish,
  ita: italian,
  nld: dutch,
};
