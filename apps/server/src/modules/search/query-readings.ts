import { documentLanguages, type DocumentLanguage } from "@quire/contracts";
import { sql, type SQL } from "drizzle-orm";
import { versions } from "../../db/schema";

/** PostgreSQL's Snowball text-search configuration of each language (PGlite ships them all). */
export const TEXT_SEARCH_CONFIGS: Record<DocumentLanguage, string> = {
  eng: "english",
  deu: "german",
  fra: "french",
  spa: "spanish",
  ita: "italian",
  nld: "dutch",
};

export const isDocumentLanguage = (code: string): code is DocumentLanguage =>
  (documentLanguages as readonly string[]).includes(code);

/**
 * Whether a passage matches a web-search query (a phrase, alternatives, exclusions) read in the
 * passage's own language: a German passage is indexed with German stems (text-configs.ts
 * `indexConfig`), so a quoted German phrase or an excluded German word is read as German for it,
 * and as English for every passage indexed in English. Reading the query in every language for
 * every passage instead would let another language's stem of an excluded word (German "tap" for
 * "tape") drop an English document that never held it.
 *
 * `tsv` and `versionId` name the passage's columns; `chosen` is the chosen languages. With English
 * alone this is the plain index condition, so the usual archive pays nothing for languages.
 */
export function matchesInOwnLanguage(
  tsv: SQL,
  versionId: SQL,
  query: SQL | string,
  chosen: readonly string[],
): SQL {
  const others = [...new Set(chosen.filter(isDocumentLanguage).filter((l) => l !== "eng"))];
  const english = sql`${tsv} @@ websearch_to_tsquery('english', ${query})`;
  if (others.length === 0) return english;
  const versionIn = (condition: SQL) =>
    sql`exists (select 1 from ${versions} lv where lv.id = ${versionId} and ${condition})`;
  const branches = [
    sql`(${english} and not ${versionIn(sql`lv.language = any(${sql.param(others)}::text[])`)})`,
    ...others.map(
      (language) =>
        sql`(${tsv} @@ websearch_to_tsquery(${TEXT_SEARCH_CONFIGS[language]}::regconfig, ${query}) and ${versionIn(sql`lv.language = ${language}`)})`,
    ),
  ];
  return sql`(${sql.join(branches, sql` or `)})`;
}

/** The query read in English and in every other chosen language, any reading matching: for ranking. */
export function everyReading(query: SQL | string, chosen: readonly string[]): SQL {
  const configs = [
    "english",
    ...new Set(
      chosen
        .filter(isDocumentLanguage)
        .filter((l) => l !== "eng")
        .map((l) => TEXT_SEARCH_CONFIGS[l]),
    ),
  ];
  return sql.join(
    configs.map((config) => sql`websearch_to_tsquery(${config}::regconfig, ${query})`),
    sql` || `,
  );
}
