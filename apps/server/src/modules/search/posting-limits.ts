import { idf, type CorpusStats, type QueryTerm } from "@quire/textkit";

/**
 * How deep each lexeme's list is read (ranking.ts reads them best impact first): a rare lexeme's
 * whole, a common one's best `deep` (PER_LEXEME unless the request says otherwise). When
 * the query's rare words carry most of its weight (RARE_SHARE of its idf), the documents it wants
 * hold them, and a common word only decides among those: its list is read a third as deep, and
 * the leading passages get their postings for it afterwards (ranking.ts COMPLETED), as for any
 * list cut short. Chosen on the search bench's fit half (1,000 queries, 10,000 documents): MRR@10 0.8668 against
 * 0.8670 reading every common list 300 deep (ids, and so ties, differ from load to load: that is
 * noise); a share of 0.3 cost 0.004, and 0.6 or 0.85, or lists 50 deep, changed nothing.
 */
const RARE_SHARE = 0.7;

/**
 * `lists`: full lists the query may read in all (withinBudget), four for typed terms, two for a
 * pasted sentence (ranking.ts).
 */
export function postingLimits(
  deep: number,
  present: QueryTerm[],
  stats: CorpusStats,
  lists: number,
): number[] {
  let total = 0;
  let rare = 0;
  for (const t of present) {
    if (t.position === null) continue; // synonyms are read whole and weigh little
    const weight = idf(stats.passages, t.df);
    total += weight;
    if (t.df <= deep) rare += weight;
  }
  const common = total > 0 && rare / total >= RARE_SHARE ? Math.ceil(deep / 3) : deep;
  return withinBudget(
    deep,
    lists,
    present,
    present.map((t) => (t.df <= deep ? deep : common)),
  );
}

/**
 * Postings a query reads at most, over all its lexemes: `lists` full lists. A pasted sentence has
 * a dozen lexemes or more, and reading each one's list 300 deep made it the slowest kind of
 * search on long documents. The rarest lexemes, which decide which documents are wanted, are read
 * first and whole; once the budget is spent, each of the rest reads its best twelfth of a list,
 * and the leading passages get their postings for it afterwards (COMPLETED), as for any list cut
 * short. A query of up to four words never reaches a budget of four.
 */
function withinBudget(deep: number, lists: number, present: QueryTerm[], limits: number[]): number[] {
  const floor = Math.max(1, Math.ceil(deep / 12));
  const order = present
    .map((t, i) => ({ i, df: t.df, user: t.position !== null }))
    .sort((a, b) => Number(b.user) - Number(a.user) || a.df - b.df);
  const out = [...limits];
  let left = lists * deep;
  for (const { i, df } of order) {
    const wanted = Math.min(df, limits[i]!);
    out[i] = wanted <= left ? limits[i]! : Math.min(limits[i]!, Math.max(floor, left));
    left = Math.max(0, left - Math.min(df, out[i]!));
  }
  return out;
}
