import {
  cosine,
  titleParts,
  scorePassages,
  toSearchTerms,
  type CorpusStats,
  type ParsedSearchQuery,
  type Posting,
  type QueryTerm,
} from "@quire/textkit";
import type { SearchMode } from "@quire/contracts";
import type { SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import {
  completeFacts,
  documentsMatching,
  embeddingsOf,
  type DocumentFacts,
  postingsOf,
  readQueryStats,
  strictMatches,
  withoutExcluded,
} from "./bm25-repository";
import { cachedTopPostings } from "./posting-cache";
import { aiEmbed, aiTag, currentModel, decodeEmbedding, lsaEmbedWeights } from "./embeddings";
import { documentsOf, titleEvidence, type Evidence } from "./evidence-scores";
import { loadPassages, rankFullText, type PassageDetail } from "./repository";
import { QUESTION_RANKING, DEFAULT_RANKING, type RankingParams } from "./ranking-params";
import { postingLimits } from "./posting-limits";
import { synonymsOf } from "./wordnet";
import { chosenLanguages } from "../settings/ocr-languages";
import { otherLanguageLexemes } from "./text-configs";
import { exactShare, lowerWords, readIn, weightedQueryWords } from "./query-words";

export type { Evidence } from "./evidence-scores";
export { DEFAULT_RANKING, QUESTION_RANKING, type RankingParams } from "./ranking-params";

/**
 * How passages are ranked: BM25F over the stored term frequencies (ranking.ts reads them, textkit's
 * bm25.ts scores), aggregated to documents. Hybrid adds the query's WordNet synonyms as weaker terms
 * and re-scores the best documents by the cosine of their passage's embedding with the query's:
 * a bounded candidate set, never a scan of every vector.
 */

/** Postings read per lexeme, best impact first: all of a rare lexeme's, the best of a common one's. */
const PER_LEXEME = 300;

/** The request's own weights if it brings them (the benchmark's fitting), else its purpose's. */
function rankingOf(request?: Pick<RankRequest, "purpose" | "ranking">): RankingParams {
  if (request?.ranking) return request.ranking;
  return request?.purpose === "question" ? QUESTION_RANKING : DEFAULT_RANKING;
}

/** Passages whose missing postings (for truncated common lexemes) are looked up before the final score. */
const COMPLETED = 60;
/** Candidates of a query with operators, matched exactly by the GIN index. */
const STRICT_CANDIDATES = 500;
/** Documents whose best passage is read for the query's exact word forms. */
const EXACT_DEPTH = 25;
/** Full postings lists a query reads at most (posting-limits.ts), and so many for a pasted sentence. */
const LISTS = 4;
/**
 * A pasted sentence (more than eight words) reads two full lists, not four, and the words as
 * typed of 10 leading documents, not 25. On the long-document bench's fit half (250 sentences)
 * MRR@10 0.949 -> 0.962 (its common words' deep lists brought passages that outranked the one
 * holding the sentence; 0.959 with one list) and its CPU time per query fell by about a quarter;
 * typed queries keep four and 25: on the check half of short ones the same change gave 0.933 ->
 * 0.928, though their fit half had gained 0.002.
 */
const SENTENCE_LISTS = 2;
const SENTENCE_EXACT_DEPTH = 10;
/** Documents re-scored by meaning in hybrid mode. */
const SEMANTIC_DEPTH = 50;
/** WordNet synonyms tried per query word (hybrid), and only those rare enough to read whole. */
const SYNONYMS_PER_WORD = 3;
/** Documents returned at most. */
const LIST_DEPTH = 200;

export interface RankRequest {
  query: string;
  parsed: ParsedSearchQuery;
  /** Visibility and filters on documents. */
  where: SQL;
  mode: SearchMode;
  /** What the words are: a search (the default) or the assistant's question. */
  purpose?: "search" | "question";
  /** Weights to rank with instead of the purpose's: the benchmark tries fitted ones this way. */
  ranking?: RankingParams;
  /** Postings read per common lexeme instead of PER_LEXEME: the depth benchmark tries others. */
  perLexeme?: number;
  /**
   * Filled with the passages ranking read in full (the leading candidates, for their words as
   * typed): the caller shows most of them, and reads only the others again.
   */
  read?: Map<string, PassageDetail>;
}

export interface FusedPassage {
  chunkId: string;
  documentId: string;
  /** 0..1: the document's score relative to the best's. */
  fusion: number;
}

function synonymText(ctx: AppContext, parsed: ParsedSearchQuery): string {
  const out = new Set<string>();
  for (const word of parsed.positiveWords) {
    if (toSearchTerms(word).length === 0) continue;
    for (const synonym of synonymsOf(ctx, word).slice(0, SYNONYMS_PER_WORD)) out.add(synonym);
  }
  return [...out].join(" ");
}

async function queryTerms(ctx: AppContext, request: RankRequest, hybrid: boolean) {
  const texts = [request.parsed.positiveWords.join(" ")];
  if (hybrid) texts.push(synonymText(ctx, request.parsed));
  const stats = await readQueryStats(ctx.db, texts);
  // The user's words read in the other chosen languages too (text-configs.ts).
  stats.lexemes[0]!.push(...(await otherLanguageLexemes(ctx, texts[0]!, stats.lexemes[0]!)));
  const terms: QueryTerm[] = [];
  const seen = new Set<string>();
  for (const [index, list] of stats.lexemes.entries()) {
    for (const stat of list) {
      // A hyphenated word is indexed whole and as its parts: scoring all three would count it thrice.
      if (seen.has(stat.lexeme) || (stat.lexeme.includes("-") && list.length > 1)) continue;
      seen.add(stat.lexeme);
      const user = index === 0;
      // A common synonym adds candidates by the hundred and evidence of nothing.
      if (!user && stat.df > (request.perLexeme ?? PER_LEXEME)) continue;
      terms.push({
        lexeme: stat.lexeme,
        df: stat.df,
        weight: user ? 1 : rankingOf(request).synonymWeight,
        position: user ? stat.position : null,
      });
    }
  }
  const { passages, avgBodyLength, avgDocumentLength, generation } = stats;
  return { terms, stats: { passages, avgBodyLength, avgDocumentLength }, generation };
}

/** A search for a pasted sentence; the assistant's questions keep the weights its models were fitted with. */
const pastedSentence = (request: RankRequest) => request.parsed.sentence && request.purpose !== "question";

const key = (p: Posting) => `${p.chunkId}\u0000${p.lexeme}`;

/** Postings of the candidates: exact matches for queries with operators, best-impact lists otherwise. */
async function candidatePostings(
  ctx: AppContext,
  request: RankRequest,
  terms: QueryTerm[],
  stats: CorpusStats,
  generation: string,
): Promise<{ postings: Posting[]; facts: DocumentFacts }> {
  const lexemes = terms.map((t) => t.lexeme);
  const present = terms.filter((t) => t.df > 0);
  const lists = pastedSentence(request) ? SENTENCE_LISTS : LISTS;
  const limits = postingLimits(request.perLexeme ?? PER_LEXEME, present, stats, lists);
  const { postings, facts } = await cachedTopPostings(
    ctx,
    generation,
    present.map((t, i) => ({ lexeme: t.lexeme, limit: limits[i]! })),
    request.where,
  );
  if (request.parsed.hasOperators) {
    // The exact matches among the best-scoring candidates, then any others the index finds: an
    // arbitrary few hundred of a common match alone would often miss the best ones.
    const leading = scorePassages(terms, postings, stats, rankingOf(request))
      .slice(0, STRICT_CANDIDATES)
      .map((p) => p.chunkId);
    // One after the other: a transaction's single connection takes one query at a time.
    const languages = await chosenLanguages(ctx);
    const among = await strictMatches(
      ctx.db,
      request.parsed.strictQuery,
      request.where,
      STRICT_CANDIDATES,
      languages,
      leading,
    );
    // Enough exact matches among them for the longest list returned: the index's others would
    // rank below (no query word's best postings hold them), and finding them was the slowest
    // statement of a search (a common phrase's matches rechecked one by one).
    const others =
      among.length >= LIST_DEPTH
        ? []
        : await strictMatches(
            ctx.db,
            request.parsed.strictQuery,
            request.where,
            STRICT_CANDIDATES,
            languages,
          );
    const ids = [...new Set([...among, ...others])].slice(0, STRICT_CANDIDATES);
    return { postings: await postingsOf(ctx.db, lexemes, ids), facts };
  }
  if (!present.some((t, i) => t.df > limits[i]!)) return { postings, facts };
  // A common lexeme's list stopped early: the leading passages get their missing postings for it,
  // and all their postings again with positions (a list read from the database leaves them out of
  // a passage it found for one lexeme only), so proximity counts as if every list had been read whole.
  const leading = scorePassages(terms, postings, stats, rankingOf(request))
    .slice(0, COMPLETED)
    .map((p) => p.chunkId);
  const complete = await postingsOf(
    ctx.db,
    present.map((t) => t.lexeme),
    leading,
  );
  const replaced = new Set(complete.map(key));
  return { postings: [...postings.filter((p) => !replaced.has(key(p))), ...complete], facts };
}

/** The leading candidates' words as written: stemming merges forms the query may mean apart. */
async function readExactWords(
  ctx: AppContext,
  evidence: Evidence,
  titles: Map<string, string>,
  params: RankingParams,
  request: RankRequest,
) {
  const leading = rankEvidence(evidence, { ...params, semanticWeight: 0, exactForms: 0 }).slice(
    0,
    pastedSentence(request) ? SENTENCE_EXACT_DEPTH : EXACT_DEPTH,
  );
  // Whole passages, not just their text: most of the ten shown are among them (request.read).
  const passages = await loadPassages(
    ctx.db,
    leading.map((p) => p.chunkId),
  );
  for (const [id, passage] of passages) request.read?.set(id, passage);
  for (const p of leading) {
    const passage = passages.get(p.chunkId);
    const text = passage ? `${passage.heading ?? ""} ${passage.text}` : "";
    evidence.exactWords.set(p.chunkId, new Set(lowerWords(`${titles.get(p.documentId) ?? ""} ${text}`)));
  }
}

async function queryVectors(ctx: AppContext, request: RankRequest, terms: QueryTerm[]) {
  const vectors = new Map<string, Float32Array>();
  const stored = await currentModel(ctx);
  if (stored) {
    const weights = new Map<string, number>();
    for (const term of request.parsed.positiveTerms) weights.set(term, 1);
    for (const term of terms)
      if (term.position === null) weights.set(term.lexeme, rankingOf(request).synonymWeight);
    const vector = lsaEmbedWeights(stored, weights);
    if (vector) vectors.set(stored.tag, vector);
  }
  if (ctx.config.ai) {
    const [vector] = (await aiEmbed(ctx, [request.query], true)) ?? [];
    if (vector) vectors.set(aiTag(ctx), vector);
  }
  return vectors;
}

/** The request with its exclusions made part of its filter on documents. */
function excluding(request: RankRequest, languages: readonly string[]): RankRequest {
  const excluded = request.parsed.excludedQuery;
  return excluded ? { ...request, where: withoutExcluded(request.where, excluded, languages) } : request;
}

/** Reads the evidence for a query: postings, lengths, titles, exact words and the leading embeddings. */
export async function collectEvidence(ctx: AppContext, original: RankRequest): Promise<Evidence | null> {
  const languages = await chosenLanguages(ctx);
  const request = excluding(original, languages);
  const hybrid = request.mode === "hybrid" && !request.parsed.hasOperators;
  const { terms, stats, generation } = await queryTerms(ctx, request, hybrid);
  if (!terms.some((t) => t.position !== null)) return null;
  const candidates = await candidatePostings(ctx, request, terms, stats, generation);
  const postings = candidates.postings;
  const facts = await completeFacts(ctx.db, postings, candidates.facts);
  const evidence: Evidence = {
    terms,
    postings,
    stats,
    queryVectors: new Map(),
    embeddings: new Map(),
    lengths: facts.lengths,
    titleParts: new Map([...facts.titles].map(([id, title]) => [id, titleParts(title)])),
    queryWords: weightedQueryWords(request.parsed, terms, stats, readIn(languages)),
    exactWords: new Map(),
  };
  const params = rankingOf(request);
  if (params.exactForms > 0) await readExactWords(ctx, evidence, facts.titles, params, request);
  // Meaning only re-scores candidates: with none, the question is not embedded (nor sent to a provider).
  if (!hybrid || postings.length === 0) return evidence;
  evidence.queryVectors = await queryVectors(ctx, request, terms);
  if (evidence.queryVectors.size === 0) return evidence;
  const ids = rankEvidence(evidence, { ...params, semanticWeight: 0 })
    .slice(0, SEMANTIC_DEPTH)
    .map((p) => p.chunkId);
  evidence.embeddings = await embeddingsOf(ctx.db, ids);
  return evidence;
}

/** Cosine of a stored passage embedding with the query's vector in the same model's space. */
function similarity(bytes: Uint8Array, vectors: Map<string, Float32Array>): number {
  const { tag, vector } = decodeEmbedding(bytes);
  const query = vectors.get(tag);
  return query ? cosine(query, vector.codes) : 0;
}

/** Documents best first, each by its best passage, from the evidence alone. */
export function rankEvidence(evidence: Evidence, params: RankingParams): FusedPassage[] {
  const documents = documentsOf(evidence, params);
  const top = documents[0]?.documentScore ?? 0;
  if (top <= 0) return [];
  const ranked = documents.slice(0, LIST_DEPTH).map((d, index) => {
    let score = d.documentScore / top;
    const title = titleEvidence(evidence, d.documentId);
    score += params.titleSubword * title.subword + params.titleNamed * title.named;
    const exact = params.exactForms > 0 ? evidence.exactWords.get(d.chunkId) : undefined;
    if (exact) score += params.exactForms * exactShare(evidence.queryWords, exact);
    const embedding = index < SEMANTIC_DEPTH ? evidence.embeddings.get(d.chunkId) : undefined;
    if (embedding && params.semanticWeight > 0)
      score += params.semanticWeight * Math.max(0, similarity(embedding, evidence.queryVectors));
    return { chunkId: d.chunkId, documentId: d.documentId, fusion: score };
  });
  ranked.sort((a, b) => b.fusion - a.fusion || (a.chunkId < b.chunkId ? -1 : 1));
  const best = ranked[0]!.fusion;
  return ranked.map((r) => ({ ...r, fusion: r.fusion / best }));
}

/**
 * Documents best first (one passage each), for the search page and the assistant. A capital `OR`
 * is matched strictly; when that finds nothing, the words rank as in any other query, so a pasted
 * sentence holding an "OR" never comes back empty while documents hold its words.
 */
export async function rankPassages(ctx: AppContext, request: RankRequest): Promise<FusedPassage[]> {
  let ranked = await rankStrictOrNot(ctx, request);
  const { parsed } = request;
  if (ranked.length === 0 && parsed.hasOperators && parsed.phrases.length === 0)
    ranked = await rankStrictOrNot(ctx, { ...request, parsed: { ...parsed, hasOperators: false } });
  return phrasesFirst(ctx, ranked, parsed.hasOperators ? [] : parsed.phraseQueries);
}

async function rankStrictOrNot(ctx: AppContext, request: RankRequest): Promise<FusedPassage[]> {
  const evidence = await collectEvidence(ctx, request);
  if (evidence) return rankEvidence(evidence, rankingOf(request));
  // Nothing positive to score (only stop words, or only exclusions): the database's own ranking.
  const languages = await chosenLanguages(ctx);
  const rows = await rankFullText(ctx.db, {
    query: request.parsed.strictQuery,
    where: excluding(request, languages).where,
    candidates: 2000,
    limit: LIST_DEPTH,
    languages,
  });
  const top = rows[0]?.rank ?? 0;
  return rows.map((row) => ({
    chunkId: row.chunkId,
    documentId: row.documentId,
    fusion: top > 0 ? row.rank / top : 0,
  }));
}

/**
 * Documents holding more of the query's quoted phrases first, in ranking order otherwise: a phrase
 * among other words says which documents are wanted most without hiding the others (a pasted
 * sentence with a quotation in it must still find its document).
 */
async function phrasesFirst(
  ctx: AppContext,
  ranked: FusedPassage[],
  phraseQueries: string[],
): Promise<FusedPassage[]> {
  if (phraseQueries.length === 0 || ranked.length === 0) return ranked;
  const ids = [...new Set(ranked.map((p) => p.documentId))];
  const held = new Map<string, number>();
  const languages = await chosenLanguages(ctx);
  for (const query of phraseQueries)
    for (const id of await documentsMatching(ctx.db, query, ids, languages))
      held.set(id, (held.get(id) ?? 0) + 1);
  if (held.size === 0) return ranked;
  const order = ranked.map((passage, index) => ({ passage, index, held: held.get(passage.documentId) ?? 0 }));
  order.sort((a, b) => b.held - a.held || a.index - b.index);
  // A document moved up scores at least what it passed, so the figures shown still fall down the list.
  let below = 0;
  const out: FusedPassage[] = [];
  for (const { passage } of order.reverse()) {
    below = Math.max(below, passage.fusion);
    out.push({ ...passage, fusion: below });
  }
  return out.reverse();
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
