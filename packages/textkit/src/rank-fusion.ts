/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher 2009): each ranked list votes 1/(k + rank)
 * for its items. It needs no score normalisation between lists whose scores are not comparable
 * (a ts_rank_cd value and a cosine), and k = 60 is the value the paper found robust.
 */
export const RRF_K = 60;

export interface RankedList {
  /** Item ids, best first. */
  ids: readonly string[];
  /** How much this list's votes count (1 = a full list). */
  weight?: number;
}

export interface FusedItem {
  id: string;
  /** Sum of the lists' weighted votes. */
  fused: number;
  /** `fused` divided by what an item ranked first in every list would get: 0..1. */
  normalized: number;
}

export function reciprocalRankFusion(lists: readonly RankedList[], k = RRF_K): FusedItem[] {
  const scores = new Map<string, number>();
  let best = 0;
  for (const list of lists) {
    const weight = list.weight ?? 1;
    if (list.ids.length > 0) best += weight / (k + 1);
    list.ids.forEach((id, index) => {
      scores.set(id, (scores.get(id) ?? 0) + weight / (k + index + 1));
    });
  }
  return [...scores]
    .map(([id, fused]) => ({ id, fused, normalized: best > 0 ? fused / best : 0 }))
    .sort((a, b) => b.fused - a.fused || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * One relevance figure in 0..1 that reads the same across queries: RRF alone says only "first
 * here", so it is blended with absolute evidence, the share of the query's terms the result
 * contains (a result holding every term with the top rank scores 1; a lone synonym match scores low).
 */
export function calibratedRelevance(normalizedFusion: number, termCoverage: number): number {
  const clamp = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
  return Math.round((0.5 * clamp(normalizedFusion) + 0.5 * clamp(termCoverage)) * 1000) / 1000;
}

/** Share of `terms` (stems) present in `textTerms` (stems of a passage, its title and tags). */
export function termCoverage(terms: readonly string[], textTerms: Iterable<string>): number {
  if (terms.length === 0) return 0;
  const present = new Set(textTerms);
  return terms.filter((term) => present.has(term)).length / terms.length;
}
