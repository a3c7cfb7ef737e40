/**
 * One relevance figure in 0..1 that reads the same across queries: a score relative to the best
 * result's says only "first here", so it is blended with absolute evidence, the share of the
 * query's terms the result contains (a result holding every term with the top score scores 1; a
 * lone synonym match scores low).
 */
export function calibratedRelevance(relativeScore: number, termCoverage: number): number {
  const clamp = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
  return Math.round((0.5 * clamp(relativeScore) + 0.5 * clamp(termCoverage)) * 1000) / 1000;
}

/** Share of `terms` (stems) present in `textTerms` (stems of a passage, its title and tags). */
export function termCoverage(terms: readonly string[], textTerms: Iterable<string>): number {
  if (terms.length === 0) return 0;
  const present = new Set(textTerms);
  return terms.filter((term) => present.has(term)).length / terms.length;
}
