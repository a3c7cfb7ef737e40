import type { DocumentStatus, SearchMode, SearchQuery, SearchResult } from "@quire/contracts";
import {
  calibratedRelevance,
  highlightExcerpt,
  markdownToPlainText,
  parseSearchQuery,
  termCoverage,
  toSearchTerms,
  topKeyphrases,
  wordStems,
  type ParsedSearchQuery,
  type TextLanguage,
} from "@quire/textkit";
import { and, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import { badRequest } from "../../lib/errors";
import type { Actor } from "../../policies/policy";
import { utcDay } from "../../lib/clock";
import {
  categoryLevelsFor,
  listableDocumentsWhere,
  readableStatusSql,
  readableVersionSql,
} from "../../policies/documents-where";
import { presentDocument } from "../documents/presenter";
import { documentWhere, listDocuments } from "../documents/repository";
import { bestPerDocument, rankPassages, type RankingParams } from "./ranking";
import { keyphraseSources, loadPassages, logSearch, popularQueries, type PassageDetail } from "./repository";
import { chosenLanguages } from "../settings/ocr-languages";

/**
 * Full-text (BM25F) is the default; hybrid (`mode=hybrid`) adds synonyms and re-scores the best
 * documents by meaning. See `npm run bench -- search` for how the two compare on known-item queries.
 */
export const DEFAULT_SEARCH_MODE: SearchMode = "fulltext";
const EXCERPT_CHARS = 240;
const SUGGESTION_WINDOW_DAYS = 90;

export interface PassageSearchOptions {
  limit?: number;
  categoryId?: string;
  status?: DocumentStatus;
  /** Only these documents (still only those the actor may list): "ask about this document". */
  documentIds?: readonly string[];
  mode?: SearchMode;
  /** The assistant's questions rank with their own weights (ranking.ts QUESTION_RANKING). */
  purpose?: "search" | "question";
  /** Weights to rank with instead of the purpose's (ranking.ts RankRequest.ranking). */
  ranking?: RankingParams;
  /** Postings read per common lexeme instead of the product's (ranking.ts RankRequest.perLexeme). */
  perLexeme?: number;
}

/** A passage found for an actor, for the AI assistant to cite. */
export interface FoundPassage {
  documentId: string;
  title: string;
  passageId: string;
  heading: string | null;
  headingPath?: string[];
  /** The passage's markdown as stored. */
  text: string;
  /** Calibrated relevance, 0..1. */
  score: number;
}

interface RankedDocument {
  passage: PassageDetail;
  score: number;
}

function filterWhere(actor: Actor, options: PassageSearchOptions): SQL {
  return and(
    listableDocumentsWhere(actor),
    documentWhere({
      categoryId: options.categoryId,
      status: options.status,
      statusAs: readableStatusSql(actor),
      ids: options.documentIds,
    }),
  ) as SQL;
}

/**
 * The query's terms as a text in `language` stems them. Each result is compared with the query
 * read in the result's own language (a German plural meets the German singular), once per
 * language among the results; English reads them as the query parser did.
 */
function termsIn(parsed: ParsedSearchQuery): (language: TextLanguage) => string[] {
  const byLanguage = new Map<TextLanguage, string[]>([["eng", parsed.positiveTerms]]);
  return (language) => {
    let terms = byLanguage.get(language);
    if (!terms) byLanguage.set(language, (terms = wordStems(parsed.positiveWords, language)));
    return terms;
  };
}

/** Best passage per visible document, best first, with its calibrated score. */
async function rankDocuments(
  ctx: AppContext,
  actor: Actor,
  query: string,
  options: PassageSearchOptions,
): Promise<RankedDocument[]> {
  const text = query.trim();
  if (!text) throw badRequest("q is required: type what to search for");
  const parsed = parseSearchQuery(text);
  const read = new Map<string, PassageDetail>();
  const fused = await rankPassages(ctx, {
    query: text,
    parsed,
    where: filterWhere(actor, options),
    mode: options.mode ?? DEFAULT_SEARCH_MODE,
    ...(options.purpose ? { purpose: options.purpose } : {}),
    ...(options.ranking ? { ranking: options.ranking } : {}),
    ...(options.perLexeme ? { perLexeme: options.perLexeme } : {}),
    read,
  });
  const best = bestPerDocument(fused, options.limit ?? 50);
  // Ranking read the leading passages whole already: only the others are read here.
  const details = await loadPassages(
    ctx.db,
    best.map((p) => p.chunkId).filter((id) => !read.has(id)),
  );
  for (const [id, passage] of read) if (!details.has(id)) details.set(id, passage);
  const ranked: RankedDocument[] = [];
  const queryTerms = termsIn(parsed);
  let previous = 1;
  for (const passage of best) {
    const detail = details.get(passage.chunkId);
    if (!detail) continue; // re-indexed between the two reads
    const words = toSearchTerms(
      [detail.title, detail.tags.join(" "), detail.heading ?? "", detail.text].join("\n"),
      { language: detail.language },
    );
    // The ranking already weighs coverage; the figure shown never rises down the list, so it agrees with the order.
    const score = Math.min(
      previous,
      calibratedRelevance(passage.fusion, termCoverage(queryTerms(detail.language), words)),
    );
    previous = score;
    ranked.push({ passage: detail, score });
  }
  return ranked;
}

/**
 * Passages the actor may see that answer `query` (web-search syntax), one per document, best
 * first. The AI assistant retrieves with this; it applies the same visibility as every list.
 */
export async function searchPassages(
  ctx: AppContext,
  actor: Actor,
  query: string,
  options: PassageSearchOptions = {},
): Promise<FoundPassage[]> {
  const ranked = await rankDocuments(ctx, actor, query, { limit: 10, ...options });
  return ranked.map(({ passage, score }) => ({
    documentId: passage.documentId,
    title: passage.title,
    passageId: passage.id,
    heading: passage.heading,
    ...(passage.heading ? { headingPath: [passage.heading] } : {}),
    text: passage.text,
    score,
  }));
}

/** Seed §7 GET /api/search: documents with relevance and a safe highlighted excerpt; the query is logged. */
export async function searchDocuments(
  ctx: AppContext,
  actor: Actor,
  input: SearchQuery,
): Promise<SearchResult[]> {
  const options: PassageSearchOptions = {
    limit: input.limit,
    ...(input.category ? { categoryId: input.category } : {}),
    ...(input.status ? { status: input.status } : {}),
    ...(input.mode ? { mode: input.mode } : {}),
  };
  const ranked = await rankDocuments(ctx, actor, input.q, options);
  const ids = ranked.map((r) => r.passage.documentId);
  const { rows } =
    ids.length === 0
      ? { rows: [] }
      : await listDocuments(ctx.db, {
          where: and(documentWhere({ ids }), filterWhere(actor, options)) as SQL,
          version: readableVersionSql(actor),
          sort: "updated",
          limit: ids.length,
          offset: 0,
        });
  const records = new Map(rows.map((row) => [row.doc.id, row]));
  const levels = rows.length ? await categoryLevelsFor(ctx.db, actor) : new Map<string, never>();
  const terms = parseSearchQuery(input.q).positiveWords;
  const today = utcDay(ctx.clock.now());
  const results: SearchResult[] = [];
  for (const { passage, score } of ranked) {
    const record = records.get(passage.documentId);
    if (!record) continue;
    const plain = markdownToPlainText(passage.text) || passage.title;
    results.push({
      document: presentDocument(actor, record, levels.get(record.doc.categoryId) ?? "none", today),
      relevanceScore: score,
      highlightedExcerpt: highlightExcerpt(plain, terms, {
        maxChars: EXCERPT_CHARS,
        language: passage.language,
      }),
      passage: { ordinal: passage.ordinal, heading: passage.heading },
    });
  }
  if (!input.typeahead) await logSearch(ctx.db, actor.id, input.q.trim(), results.length, ctx.clock.now());
  return results;
}

/**
 * Seed §7 GET /api/search/suggestions: the organisation's popular queries that found something,
 * then the archive's top keyphrases (from what the actor may see), without repeats.
 */
export async function searchSuggestions(ctx: AppContext, actor: Actor, limit = 8): Promise<string[]> {
  const since = new Date(ctx.clock.now().getTime() - SUGGESTION_WINDOW_DAYS * 86_400_000);
  const visible = listableDocumentsWhere(actor);
  const popular = await popularQueries(ctx.db, visible, since, limit, await chosenLanguages(ctx));
  const sources = await keyphraseSources(ctx.db, visible, 2000);
  const phrases = topKeyphrases(sources, { limit, maxWords: 3 });
  const seen = new Set<string>();
  const suggestions: string[] = [];
  for (const text of [...popular, ...phrases]) {
    const key = text.toLowerCase().replace(/\s+/g, " ").trim();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    suggestions.push(text);
  }
  return suggestions.slice(0, limit);
}
