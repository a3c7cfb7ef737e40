import {
  anyWordQuery,
  reciprocalRankFusion,
  toSearchTerms,
  type ParsedSearchQuery,
  type RankedList,
} from "@quire/textkit";
import type { SearchMode } from "@quire/contracts";
import type { SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import { aiEmbed, aiTag, lsaEmbedWeights } from "./embeddings";
import { rankFullText, visiblePassages } from "./repository";
import { vectorState } from "./vector-cache";
import { synonymsOf } from "./wordnet";

/**
 * How passages are ranked: full-text (strict web-search match, relaxed to any word when a plain
 * query finds too little), optionally fused with nearest passages in embedding space.
 */

/** Matching passages ranked by ts_rank_cd per query: more would make common words slow. */
export const FULL_TEXT_CANDIDATES = 2000;
/** Passages kept from each ranked list before fusion. */
const LIST_DEPTH = 200;
/** Nearest vectors looked at before the visibility filter removes some. */
const VECTOR_DEPTH = 400;
/** A plain query whose strict match finds fewer passages than this is relaxed to any of its words. */
const RELAX_BELOW = 5;
/**
 * Nearest vectors less similar than this are not evidence of anything: without the floor every
 * query would "find" the whole archive. LSA cosines of related passages are well above it.
 */
const MIN_SIMILARITY = 0.2;
/**
 * The semantic list's vote in the fusion, relative to full-text's 1. When the query's own words
 * match strictly, the user knows the wording and full-text should lead; when they had to be
 * relaxed, meaning is all there is to go on. Both figures were chosen on the benchmark.
 */
const SEMANTIC_WEIGHT_STRICT = 0.3;
const SEMANTIC_WEIGHT_RELAXED = 1;
/** A synonym counts half as much as a word the user typed. */
const SYNONYM_WEIGHT = 0.5;

export interface RankRequest {
  query: string;
  parsed: ParsedSearchQuery;
  /** Visibility and filters on documents. */
  where: SQL;
  mode: SearchMode;
}

export interface FusedPassage {
  chunkId: string;
  documentId: string;
  /** 0..1: the fused rank relative to a passage ranked first in every list. */
  fusion: number;
}

interface FullTextList {
  ranked: Map<string, string>;
  /** Whether the query matched as written (not only after relaxing it to any word). */
  strict: boolean;
}

async function fullTextList(ctx: AppContext, request: RankRequest): Promise<FullTextList> {
  const ranked = new Map<string, string>();
  const strict = await rankFullText(ctx.db, {
    query: request.query,
    where: request.where,
    candidates: FULL_TEXT_CANDIDATES,
    limit: LIST_DEPTH,
  });
  for (const row of strict) ranked.set(row.chunkId, row.documentId);
  // A plain query of several words that finds little is relaxed to "any of the words", ranked
  // after the strict matches; queries with operators mean exactly what they say.
  const relaxed = anyWordQuery(request.parsed.positiveWords);
  if (!request.parsed.hasOperators && ranked.size < RELAX_BELOW && relaxed.includes(" or ")) {
    const loose = await rankFullText(ctx.db, {
      query: relaxed,
      where: request.where,
      candidates: FULL_TEXT_CANDIDATES,
      limit: LIST_DEPTH,
    });
    for (const row of loose) if (!ranked.has(row.chunkId)) ranked.set(row.chunkId, row.documentId);
  }
  return { ranked, strict: strict.length > 0 || request.parsed.hasOperators };
}

/** Query stems with weights: the user's words count 1, their WordNet synonyms less. */
export function expandedTermWeights(parsed: ParsedSearchQuery): Map<string, number> {
  const weights = new Map<string, number>();
  for (const term of parsed.positiveTerms) weights.set(term, 1);
  for (const word of parsed.positiveWords) {
    if (toSearchTerms(word).length === 0) continue;
    for (const synonym of synonymsOf(word)) {
      for (const term of toSearchTerms(synonym)) {
        if (!weights.has(term)) weights.set(term, SYNONYM_WEIGHT);
      }
    }
  }
  return weights;
}

async function semanticList(ctx: AppContext, request: RankRequest): Promise<Map<string, string>> {
  const state = await vectorState(ctx);
  const hits: Array<{ id: string; similarity: number }> = [];
  const lsa = state.model ? state.spaces.get(state.model.tag) : undefined;
  if (state.model && lsa) {
    const vector = lsaEmbedWeights(state.model, expandedTermWeights(request.parsed));
    if (vector) hits.push(...lsa.nearest(vector, VECTOR_DEPTH));
  }
  const remote = state.spaces.get(aiTag(ctx));
  if (ctx.config.ai && remote) {
    const [vector] = (await aiEmbed(ctx, [request.query], true)) ?? [];
    if (vector) hits.push(...remote.nearest(vector, VECTOR_DEPTH));
  }
  hits.sort((a, b) => b.similarity - a.similarity);
  const visible = await visiblePassages(
    ctx.db,
    hits.map((hit) => hit.id),
    request.where,
  );
  const ranked = new Map<string, string>();
  for (const hit of hits) {
    const documentId = visible.get(hit.id);
    if (hit.similarity < MIN_SIMILARITY) break;
    if (documentId !== undefined && ranked.size < LIST_DEPTH) ranked.set(hit.id, documentId);
  }
  return ranked;
}

/** Passages best first, fused across the mode's lists. */
export async function rankPassages(ctx: AppContext, request: RankRequest): Promise<FusedPassage[]> {
  const fullText = await fullTextList(ctx, request);
  const lists: RankedList[] = [{ ids: [...fullText.ranked.keys()] }];
  const documentOf = new Map(fullText.ranked);
  if (request.mode === "hybrid") {
    const semantic = await semanticList(ctx, request);
    for (const [chunkId, documentId] of semantic) documentOf.set(chunkId, documentId);
    const weight = fullText.strict ? SEMANTIC_WEIGHT_STRICT : SEMANTIC_WEIGHT_RELAXED;
    lists.push({ ids: [...semantic.keys()], weight });
  }
  return reciprocalRankFusion(lists).map((item) => ({
    chunkId: item.id,
    documentId: documentOf.get(item.id)!,
    fusion: item.normalized,
  }));
}

/** The best passage of each document, in order, at most `limit` documents. */
export function bestPerDocument(passages: FusedPassage[], limit: number): FusedPassage[] {
  const seen = new Set<string>();
  const best: FusedPassage[] = [];
  for (const passage of passages) {
    if (seen.has(passage.documentId)) continue;
    seen.add(passage.documentId);
    best.push(passage);
    if (best.length >= limit) break;
  }
  return best;
}
