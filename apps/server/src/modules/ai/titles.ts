import {
  acronymMatch,
  titleInitials,
  textLanguage,
  titleStatistics,
  tokenize,
  type QuestionAnalysis,
  type TitleStatistics,
} from "@quire/textkit";
import { LRUCache } from "lru-cache";
import { cacheSlot, type AppContext } from "../../context";
import { readQueryStats } from "../search/bm25-repository";
import { allDocumentTitles } from "./repository";

/**
 * What the assistant knows of the archive's titles: how common each title word is (a question
 * naming "rm" names "rm(1) manual page"; "manual" names nothing), and each title's initials, so a
 * question about "the BCP" finds the "Business Continuity Plan" although no passage says "BCP".
 * Titles of every document are counted; only weights and query words are made from them, and
 * search still decides what the asker may see.
 */

export interface ArchiveTitles {
  statistics: TitleStatistics;
  titles: Array<{ title: string; initials: string }>;
}

/** Recounted at most once a minute: titles change rarely, and a stale count only shifts weights. */
const TITLES_TTL_MS = 60_000;
/** Titles whose words are added to the search for one unknown word (an acronym shared by many says little). */
const MAX_EXPANSIONS = 3;

const titlesSlot = cacheSlot(
  "archive titles",
  () => new LRUCache<"titles", Promise<ArchiveTitles>>({ max: 1, ttl: TITLES_TTL_MS }),
);

export function archiveTitles(ctx: AppContext): Promise<ArchiveTitles> {
  const cache = ctx.caches.get(titlesSlot);
  const cached = cache.get("titles");
  if (cached) return cached;
  const counting = allDocumentTitles(ctx.db).then((rows) => ({
    // Each title's words are counted as stems of its document's language, as they are compared.
    statistics: titleStatistics(
      rows.map(({ title, language }) => ({ title, language: textLanguage(language) })),
    ),
    titles: rows.map(({ title }) => ({ title, initials: titleInitials(title) })),
  }));
  counting.catch(() => cache.delete("titles"));
  cache.set("titles", counting);
  return counting;
}

/** The asked words no passage of the archive holds: every lexeme of the word has frequency 0. */
export async function wordsNotInArchive(ctx: AppContext, analysis: QuestionAnalysis): Promise<string[]> {
  if (analysis.asked.length === 0) return [];
  const stats = await readQueryStats(
    ctx.db,
    analysis.asked.map((a) => a.word),
  );
  return analysis.asked
    .filter((_, i) => (stats.lexemes[i] ?? []).every((l) => l.df === 0))
    .map((a) => a.word);
}

/**
 * Words the question writes in capitals, as an acronym is written ("Under the LGPL, may I…"),
 * lowercased: an acronym names a title by its initials even when some passage of the archive uses
 * it too (a copyright file saying "LGPL-2.1" does not make the licence's own text say "LGPL"). A
 * question written all in capitals says nothing by its capitals, and gives none.
 */
export function writtenAcronyms(question: string): string[] {
  const words = (question.slice(0, 2_000).match(/[\p{L}\p{N}][\p{L}\p{N}.-]*/gu) ?? []).map((w) =>
    w.replace(/[.-]+$/, ""),
  );
  const capitals = words.filter((w) => /^\p{Lu}{3,8}(?:-?v?\d+(?:\.\d+)?)?$/u.test(w));
  if (capitals.length * 2 > words.length) return [];
  return [...new Set(capitals.map((w) => w.toLowerCase().replace(/\.\d+$/, "")))];
}

/** The words of the titles an unknown word is the initials of ("bcp" → business continuity plan). */
export function initialsExpansions(archive: ArchiveTitles, unknown: string[]): string[] {
  const words = new Set<string>();
  for (const word of unknown) {
    const named = archive.titles
      .filter((t) => t.initials.includes(word.slice(0, 3)) && acronymMatch(t.title, [word]) === 1)
      .slice(0, MAX_EXPANSIONS + 1);
    if (named.length > MAX_EXPANSIONS) continue;
    for (const t of named)
      for (const w of tokenize(t.title, { splitHyphens: true })) if (w.length > 1) words.add(w);
  }
  return [...words];
}
