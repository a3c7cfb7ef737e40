/**
 * BM25F ranking of passages and documents from per-field term frequencies (Robertson & Zaragoza,
 * "The Probabilistic Relevance Framework: BM25 and Beyond", 2009): the title and tags count as
 * repeated body words before saturation, the body's frequency is normalised by its length, and
 * each query term counts by its inverse document frequency. Three additions, each weighed on the
 * search benchmark's fit half: a soft "all words" preference (a passage lacking a term loses a
 * share of its score, no cliff), a bonus for query terms next to each other in query order, and a
 * document score made of its best passage plus a little evidence from its others.
 */

export interface Bm25Params {
  k1: number;
  b: number;
  /** A title occurrence counts as this many body occurrences. */
  titleWeight: number;
  tagsWeight: number;
  /** Exponent of the matched share of the query's idf: 0 is plain BM25 (any word), larger prefers all words. */
  coverage: number;
  /** Bonus per adjacent query-term pair, in units of the pair's smaller idf. */
  proximity: number;
  /** Share of a document's other passages' scores added to its best passage's. */
  passageEvidence: number;
  /** Weight of the whole-document BM25F (its passages' frequencies, its own length) beside the passage score. */
  documentWeight: number;
}

export const DEFAULT_BM25: Bm25Params = {
  k1: 1.2,
  b: 0.75,
  titleWeight: 3,
  tagsWeight: 1.5,
  coverage: 0.5,
  proximity: 0.3,
  passageEvidence: 0.1,
  documentWeight: 0.5,
};

export interface QueryTerm {
  lexeme: string;
  /** Passages holding the lexeme. */
  df: number;
  /** 1 for the user's words, less for expansions such as synonyms. */
  weight: number;
  /** Position in the query, for adjacency; null for expansions. */
  position: number | null;
}

export interface CorpusStats {
  passages: number;
  avgBodyLength: number;
  /** Average body length of a whole document. */
  avgDocumentLength: number;
}

export interface Posting {
  chunkId: string;
  documentId: string;
  lexeme: string;
  titleTf: number;
  tagsTf: number;
  bodyTf: number;
  bodyLength: number;
  /** Word positions in the passage's tsvector (title first), ascending. */
  positions: number[];
}

export interface ScoredPassage {
  chunkId: string;
  documentId: string;
  score: number;
  /** Share of the query's idf this passage matches, 0..1. */
  coverage: number;
}

export interface ScoredDocument extends ScoredPassage {
  /** The document's score; `score` stays its best passage's. */
  documentScore: number;
}

/** Robertson–Spärck Jones idf as Lucene uses it: never negative, even for a word in every passage. */
export function idf(passages: number, df: number): number {
  return Math.log(1 + (passages - df + 0.5) / (df + 0.5));
}

/** Closest distance `to` minus `from` in 1..3 over two ascending position lists, or 0 when none. */
function adjacency(from: readonly number[], to: readonly number[]): number {
  let best = 0;
  let j = 0;
  for (const a of from) {
    while (j < to.length && to[j]! <= a) j++;
    const gap = j < to.length ? to[j]! - a : Infinity;
    if (gap <= 3 && (best === 0 || gap < best)) best = gap;
    if (best === 1) break;
  }
  return best;
}

function termWeight(posting: Posting, average: number, params: Bm25Params): number {
  const norm = 1 - params.b + (params.b * posting.bodyLength) / Math.max(1, average);
  const tf =
    params.titleWeight * posting.titleTf + params.tagsWeight * posting.tagsTf + posting.bodyTf / norm;
  return (tf * (params.k1 + 1)) / (params.k1 + tf);
}

/** Each passage's BM25F score from its postings for the query's lexemes (absent pairs count 0), best first. */
export function scorePassages(
  terms: readonly QueryTerm[],
  postings: readonly Posting[],
  stats: CorpusStats,
  params: Bm25Params = DEFAULT_BM25,
): ScoredPassage[] {
  return passageScores(terms, postings, stats, params).sort(
    (x, y) => y.score - x.score || (x.chunkId < y.chunkId ? -1 : 1),
  );
}

/**
 * As scorePassages, in no particular order: aggregateDocuments needs none, and sorting a long
 * query's thousands of candidate passages was a tenth of its ranking's CPU.
 */
export function passageScores(
  terms: readonly QueryTerm[],
  postings: readonly Posting[],
  stats: CorpusStats,
  params: Bm25Params = DEFAULT_BM25,
): ScoredPassage[] {
  const byLexeme = new Map(terms.map((t) => [t.lexeme, t]));
  const idfOf = new Map(terms.map((t) => [t.lexeme, idf(stats.passages, t.df) * t.weight]));
  const ordered = terms.filter((t) => t.position !== null).sort((a, b) => a.position! - b.position!);
  const totalIdf = ordered.reduce((sum, t) => sum + idfOf.get(t.lexeme)!, 0);
  const grouped = new Map<string, Posting[]>();
  for (const posting of postings) {
    if (!byLexeme.has(posting.lexeme)) continue;
    const list = grouped.get(posting.chunkId);
    if (list) list.push(posting);
    else grouped.set(posting.chunkId, [posting]);
  }
  const scored: ScoredPassage[] = [];
  for (const [chunkId, list] of grouped) {
    // Most candidates hold one query word: they need no lookup by lexeme (nor proximity).
    const byTerm = list.length > 1 ? new Map(list.map((p) => [p.lexeme, p])) : null;
    let score = 0;
    let matched = 0;
    for (const posting of byTerm ? byTerm.values() : list) {
      const weight = idfOf.get(posting.lexeme)!;
      score += weight * termWeight(posting, stats.avgBodyLength, params);
      if (byLexeme.get(posting.lexeme)!.position !== null) matched += weight;
    }
    for (let i = 0; byTerm && i + 1 < ordered.length && params.proximity > 0; i++) {
      const a = byTerm.get(ordered[i]!.lexeme);
      const b = byTerm.get(ordered[i + 1]!.lexeme);
      if (!a || !b) continue;
      const gap = adjacency(a.positions, b.positions);
      if (gap > 0) {
        const pairIdf = Math.min(idfOf.get(a.lexeme)!, idfOf.get(b.lexeme)!);
        score += (params.proximity * pairIdf) / gap;
      }
    }
    const coverage = totalIdf > 0 ? Math.min(1, matched / totalIdf) : 0;
    score *= params.coverage > 0 ? Math.pow(Math.max(coverage, 0.05), params.coverage) : 1;
    scored.push({ chunkId, documentId: list[0]!.documentId, score, coverage });
  }
  return scored;
}

/**
 * Whole-document BM25F of each document holding a posting: body frequencies summed over its
 * passages (the title and tags, repeated in each, counted once), normalised by the document's
 * own body length, so a long document is not judged by its densest passage alone.
 */
export function documentScores(
  terms: readonly QueryTerm[],
  postings: readonly Posting[],
  stats: CorpusStats,
  lengths: ReadonlyMap<string, number>,
  params: Bm25Params = DEFAULT_BM25,
): Map<string, number> {
  const idfOf = new Map(terms.map((t) => [t.lexeme, idf(stats.passages, t.df) * t.weight]));
  const merged = new Map<string, Posting>();
  for (const p of postings) {
    if (!idfOf.has(p.lexeme)) continue;
    const key = `${p.documentId}\u0000${p.lexeme}`;
    const seen = merged.get(key);
    if (!seen)
      merged.set(key, { ...p, bodyLength: lengths.get(p.documentId) ?? p.bodyLength, positions: [] });
    else {
      seen.bodyTf += p.bodyTf;
      seen.titleTf = Math.max(seen.titleTf, p.titleTf);
      seen.tagsTf = Math.max(seen.tagsTf, p.tagsTf);
    }
  }
  const scores = new Map<string, number>();
  for (const p of merged.values()) {
    const value = idfOf.get(p.lexeme)! * termWeight(p, stats.avgDocumentLength, params);
    scores.set(p.documentId, (scores.get(p.documentId) ?? 0) + value);
  }
  return scores;
}

/**
 * Documents best first, each represented by its best passage; its score adds a share of its
 * other passages' (at most three), so a document that answers in several places wins a near-tie,
 * and blends in the whole-document score when one is given.
 */
export function aggregateDocuments(
  passages: readonly ScoredPassage[],
  params: Bm25Params = DEFAULT_BM25,
  whole: ReadonlyMap<string, number> = new Map(),
): ScoredDocument[] {
  const documents = new Map<string, { best: ScoredPassage; others: number[] }>();
  for (const passage of passages) {
    const entry = documents.get(passage.documentId);
    if (!entry) documents.set(passage.documentId, { best: passage, others: [] });
    else if (
      passage.score > entry.best.score ||
      // Ties go to the lower id whatever the order given, as if the passages came best first.
      (passage.score === entry.best.score && passage.chunkId < entry.best.chunkId)
    ) {
      entry.others.push(entry.best.score);
      entry.best = passage;
    } else entry.others.push(passage.score);
  }
  const mix = whole.size > 0 ? params.documentWeight : 0;
  return [...documents.values()]
    .map(({ best, others }) => {
      const evidence = others
        .sort((a, b) => b - a)
        .slice(0, 3)
        .reduce((s, v) => s + v, 0);
      const passageScore = best.score + params.passageEvidence * evidence;
      const documentScore =
        (1 - mix) * passageScore + mix * (whole.get(best.documentId) ?? 0) * best.coverage ** params.coverage;
      return { ...best, documentScore };
    })
    .sort((x, y) => y.documentScore - x.documentScore || (x.chunkId < y.chunkId ? -1 : 1));
}
