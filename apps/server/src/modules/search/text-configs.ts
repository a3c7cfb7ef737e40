import { searchableText } from "@quire/textkit";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { rowsOf } from "../../db/rows";
import { searchTerms } from "../../db/schema";
import { chosenLanguages } from "../settings/ocr-languages";
import type { LexemeStat } from "./bm25-repository";
import { isDocumentLanguage, TEXT_SEARCH_CONFIGS } from "./query-readings";

/**
 * The configuration a version's passages are analysed with: its detected language's when that
 * language is one of the chosen ones (every search reads its words in those), English when the
 * language is unknown or not chosen, as the index did before languages were detected, so a
 * document is always found by words read in a language searches read. Changing the choice
 * re-indexes the documents it concerns (ingestion/languages.ts).
 */
export function indexConfig(language: string | null, chosen: readonly string[]): string {
  if (language === null || !isDocumentLanguage(language) || !chosen.includes(language)) return "english";
  return TEXT_SEARCH_CONFIGS[language];
}

/** The configurations searches read their words in: English always, and every chosen language's. */
export function queryConfigs(chosen: readonly string[]): string[] {
  return [...new Set(["english", ...chosen.filter(isDocumentLanguage).map((l) => TEXT_SEARCH_CONFIGS[l])])];
}

/**
 * The query's words as the chosen languages other than English analyse them (a German plural
 * stemmed as German finds its singular in a German document): lexemes the English reading did not
 * give, only those some passage holds, so a search in an English-only archive reads nothing more
 * and words found nowhere add no query terms.
 */
export async function otherLanguageLexemes(
  ctx: AppContext,
  text: string,
  have: readonly LexemeStat[],
): Promise<LexemeStat[]> {
  const configs = queryConfigs(await chosenLanguages(ctx)).filter((c) => c !== "english");
  if (configs.length === 0 || text.trim() === "") return [];
  const result = await ctx.db.execute(sql`
    select u.lexeme, min(u.positions[1])::int as position, max(${searchTerms.df})::int as df
    from unnest(${sql.param(configs)}::text[]) as c(cfg)
    cross join lateral unnest(to_tsvector(c.cfg::regconfig, ${searchableText(text)})) u
    join ${searchTerms} on ${searchTerms.lexeme} = u.lexeme
    where ${searchTerms.df} > 0
    group by u.lexeme`);
  const known = new Set(have.map((s) => s.lexeme));
  return rowsOf<{ lexeme: string; position: number | string; df: number | string }>(result)
    .filter((row) => !known.has(row.lexeme))
    .map((row) => ({ lexeme: row.lexeme, position: Number(row.position), df: Number(row.df) }));
}
