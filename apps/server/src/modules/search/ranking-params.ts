import { DEFAULT_BM25, type Bm25Params } from "@quire/textkit";

/** The weights search ranks with (ranking.ts), one set per kind of query, each fitted on its own benchmark. */

export interface RankingParams extends Bm25Params {
  /** A synonym's weight relative to a word the user typed (hybrid). */
  synonymWeight: number;
  /** Cosine similarity's weight beside the BM25 score scaled to the best document's (hybrid). */
  semanticWeight: number;
  /** Weight of the title's sub-word matches (textkit's title-words.ts) beside that scaled score. */
  titleSubword: number;
  /** Weight of the share of the title's parts the query names (titlePartsNamed). */
  titleNamed: number;
  /** Weight of the share of the query's words found as typed (unstemmed) in the best passage or title. */
  exactForms: number;
}

/**
 * Chosen by `npm run bench -- search` on the fit half of its 10,000-document corpus (Debian package
 * descriptions and /usr/share/doc READMEs, 1,000 known-item queries) by coordinate ascent:
 * early saturation (k1 0.6), length normalisation a little above the textbook's (b 0.9); a title
 * word counts twice a body word (titles weigh again below, by their sub-words and by how much of
 * them the query names); passages holding more of the query's words score higher (coverage 0.5);
 * adjacent query words add 0.3 of their idf; the whole document's BM25F adds a quarter beside its
 * best passage; the title's sub-words 0.5, the share of the title the query names 0.3 and the
 * query's words found as typed 0.5. Fit MRR@10 0.865 (plain BM25 0.806); the check half, read
 * once: 0.836 (plain BM25 0.799). Hybrid: the same fit sets synonyms and cosine to 0 (neither
 * helps known-item queries, whose words are the documents' own); they stay at 0.1 so hybrid mode
 * still re-scores by meaning where the words differ (search.test.ts's hybrid cases).
 */
export const DEFAULT_RANKING: RankingParams = {
  ...DEFAULT_BM25,
  k1: 0.6,
  b: 0.9,
  titleWeight: 2,
  tagsWeight: 1.5,
  coverage: 0.5,
  proximity: 0.3,
  passageEvidence: 0,
  documentWeight: 0.25,
  synonymWeight: 0.1,
  semanticWeight: 0.1,
  titleSubword: 0.5,
  titleNamed: 0.3,
  exactForms: 0.5,
};
/**
 * The weights the assistant's retrieval uses: a question is not a known-item query. These are the
 * explore run's weights (whole-document BM25F deciding, title words 4, proximity 0.6), on which
 * the assistant's re-ranker and document model were fitted; with DEFAULT_RANKING instead, the
 * assistant's fit half found the right document first for 70 of 90 questions, not 75, and among
 * its candidates for 84, not 87 (`npm run bench -- ai`).
 */
export const QUESTION_RANKING: RankingParams = {
  ...DEFAULT_BM25,
  k1: 2,
  b: 1,
  titleWeight: 4,
  tagsWeight: 1.5,
  coverage: 0,
  proximity: 0.6,
  passageEvidence: 0,
  documentWeight: 1,
  synonymWeight: 0,
  semanticWeight: 0.05,
  titleSubword: 1,
  titleNamed: 0.3,
  exactForms: 0.3,
};
