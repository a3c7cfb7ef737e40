/** Seed §9: relevance stars = score × 5, rounded, out of 5 (scores outside 0–1 are clamped). */
export function relevanceStars(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(5, Math.max(0, Math.round(score * 5)));
}

/** The tooltip's percent: score × 100, rounded. */
export function relevancePercent(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.round(score * 100)));
}
