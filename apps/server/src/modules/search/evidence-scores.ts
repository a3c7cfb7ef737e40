import {
  aggregateDocuments,
  documentScores,
  passageScores,
  titlePartsNamed,
  titleSubwordMatch,
  type CorpusStats,
  type Posting,
  type QueryTerm,
  type ScoredDocument,
} from "@quire/textkit";
import type { RankingParams } from "./ranking-params";

/** Everything a ranking needs from the database, so weights can be tried without reading it again. */
export interface Evidence {
  terms: QueryTerm[];
  postings: Posting[];
  stats: CorpusStats;
  /** Query vectors by embedding space tag (hybrid). */
  queryVectors: Map<string, Float32Array>;
  embeddings: Map<string, Uint8Array>;
  /** Body length of each candidate document. */
  lengths: Map<string, number>;
  /** Each candidate document's title split into its parts. */
  titleParts: Map<string, readonly string[]>;
  /** The query's content words with their idf, for sub-word matches in titles. */
  queryWords: Array<{ word: string; weight: number }>;
  /** Words as written in the leading candidates' best passage and title, by passage. */
  exactWords: Map<string, Set<string>>;
}

/**
 * The documents' BM25F scores, kept with the evidence: a search ranks its evidence twice with the
 * same BM25 weights (once to choose whose words to read as typed, once in full), and scoring every
 * candidate passage was a third of a query's own CPU (the rest waits on the database).
 */
const scoredDocuments = new WeakMap<Evidence, { key: string; documents: ScoredDocument[] }>();

export function documentsOf(evidence: Evidence, params: RankingParams): ScoredDocument[] {
  const { k1, b, titleWeight, tagsWeight, coverage, proximity, passageEvidence, documentWeight } = params;
  const key = [k1, b, titleWeight, tagsWeight, coverage, proximity, passageEvidence, documentWeight].join();
  const cached = scoredDocuments.get(evidence);
  if (cached?.key === key) return cached.documents;
  const passages = passageScores(evidence.terms, evidence.postings, evidence.stats, params);
  const whole =
    documentWeight > 0
      ? documentScores(evidence.terms, evidence.postings, evidence.stats, evidence.lengths, params)
      : new Map<string, number>();
  const documents = aggregateDocuments(passages, params, whole);
  scoredDocuments.set(evidence, { key, documents });
  return documents;
}

const titleScores = new WeakMap<Evidence, Map<string, { subword: number; named: number }>>();

/** How the document's title matches the query by sub-words and how much of it the query names (weights aside). */
export function titleEvidence(evidence: Evidence, documentId: string): { subword: number; named: number } {
  let scores = titleScores.get(evidence);
  if (!scores) titleScores.set(evidence, (scores = new Map()));
  let found = scores.get(documentId);
  if (!found) {
    const parts = evidence.titleParts.get(documentId);
    found = parts
      ? {
          subword: titleSubwordMatch(evidence.queryWords, parts),
          named: titlePartsNamed(evidence.queryWords, parts),
        }
      : { subword: 0, named: 0 };
    scores.set(documentId, found);
  }
  return found;
}
