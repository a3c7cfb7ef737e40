import type { LinearModel } from "./logistic";
import { askedStem, type AskedWord } from "./question";
import { seededRandom } from "./svd";
import { isStopWord, stemmerOf, tokenize, type TextLanguage } from "./tokenize";

/**
 * Passage re-ranking for questions: each candidate passage is described by a few evidence
 * features (BM25 of the asked words, their proximity and coverage, title and heading matches,
 * variants and synonyms, search's own score, semantic similarity), and a logistic regression
 * learned on the fit half of `npm run bench -- ai` turns them into the probability that the
 * passage holds the answer. Deterministic: gradient descent from zero, a fixed number of epochs.
 */

export interface RerankPassage {
  title: string;
  heading: string | null;
  text: string;
  /** The passage's language (its document version's): its words are stemmed as it reads them. */
  language?: TextLanguage;
}

/** A passage's words once tokenized (the retriever caches these per passage). */
export interface PassageTerms {
  /** Lower-case tokens in order, for exact matches and proximity. */
  tokens: string[];
  /** Their stems, position for position. */
  stems: string[];
  titleStems: Set<string>;
  headingStems: Set<string>;
  /** The language all of these stems are in. */
  language: TextLanguage;
}

export function passageTerms(p: RerankPassage): PassageTerms {
  const language = p.language ?? "eng";
  const stem = stemmerOf(language);
  const tokens = tokenize(p.text);
  return {
    tokens,
    stems: tokens.map(stem),
    titleStems: new Set(tokenize(p.title).map(stem)),
    headingStems: new Set(tokenize(p.heading ?? "").map(stem)),
    language,
  };
}

export interface RerankContext {
  asked: AskedWord[];
  /** Inverse document frequency of each asked stem among the candidates. */
  idf: Map<string, number>;
  /** Synonyms of each asked stem, as stems (WordNet). */
  synonyms: Map<string, Set<string>>;
  /** Mean passage length in tokens among the candidates. */
  averageLength: number;
}

export const RERANK_FEATURES = [
  "bm25",
  "coverage",
  "exact",
  "variants",
  "synonyms",
  "proximity",
  "title",
  "heading",
  "search",
  "searchPassage",
  "documentRank",
  "semantic",
  "documentCoverage",
] as const;

export type RerankFeatures = Record<(typeof RERANK_FEATURES)[number], number>;

export interface RerankSignals {
  /** The document's search score, 0..1. */
  search: number;
  /** 1 when search chose this passage as its document's best. */
  searchPassage: number;
  /** The document's place among the candidates, 0-based. */
  documentRank: number;
  /** Cosine between question and passage embeddings, 0..1 (0 when either is missing). */
  semantic: number;
  /** Weighted share of the asked words found anywhere in the document (title included). */
  documentCoverage: number;
}

/** Smallest window (in tokens) holding every distinct matched stem: distinct / window, 1 = adjacent. */
function proximity(stems: string[], wanted: Set<string>): number {
  const positions: Array<[number, string]> = [];
  stems.forEach((s, i) => {
    if (wanted.has(s)) positions.push([i, s]);
  });
  const distinct = new Set(positions.map(([, s]) => s)).size;
  if (distinct <= 1) return distinct === 1 ? 0.5 : 0;
  const counts = new Map<string, number>();
  let best = Infinity;
  let left = 0;
  let covered = 0;
  for (let right = 0; right < positions.length; right++) {
    const s = positions[right]![1];
    counts.set(s, (counts.get(s) ?? 0) + 1);
    if (counts.get(s) === 1) covered++;
    while (covered === distinct) {
      best = Math.min(best, positions[right]![0] - positions[left]![0] + 1);
      const l = positions[left]![1];
      counts.set(l, (counts.get(l) ?? 0) - 1);
      if (counts.get(l) === 0) covered--;
      left++;
    }
  }
  return distinct / best;
}

/**
 * An asked word's weight against a text in `language`: its idf among the candidates, or nothing
 * when it is a function word there. The asked words are chosen with English stop words (a
 * question's language is not known), so a German question's "der" or "ist" is asked too, and
 * counts for nothing against a German text, as "the" would against an English one.
 */
function askedWeight(ctx: RerankContext, a: AskedWord, language: TextLanguage): number {
  return isStopWord(a.word, language) ? 0 : (ctx.idf.get(a.stem) ?? 1);
}

/**
 * Weighted share of the asked words among `stems` (the union of a document's passages and title,
 * stemmed in `language`, the document's).
 */
export function askedShare(
  ctx: RerankContext,
  stems: ReadonlySet<string>,
  language: TextLanguage = "eng",
): number {
  const weightOf = (a: AskedWord) => askedWeight(ctx, a, language);
  const total = ctx.asked.reduce((sum, a) => sum + weightOf(a), 0) || 1;
  return ctx.asked.reduce((sum, a) => sum + (stems.has(askedStem(a, language)) ? weightOf(a) : 0), 0) / total;
}

export function rerankFeatures(
  ctx: RerankContext,
  terms: PassageTerms,
  signals: RerankSignals,
): RerankFeatures {
  const tf = new Map<string, number>();
  for (const s of terms.stems) tf.set(s, (tf.get(s) ?? 0) + 1);
  const tokens = new Set(terms.tokens);
  const stemSet = new Set(tf.keys());
  const weightOf = (a: AskedWord) => askedWeight(ctx, a, terms.language);
  const own = (a: AskedWord) => askedStem(a, terms.language);
  const total = ctx.asked.reduce((sum, a) => sum + weightOf(a), 0) || 1;
  const share = (has: (a: AskedWord) => boolean) =>
    ctx.asked.reduce((sum, a) => sum + (has(a) ? weightOf(a) : 0), 0) / total;
  let bm25 = 0;
  const length = terms.stems.length;
  for (const a of ctx.asked) {
    const f = tf.get(own(a)) ?? 0;
    if (f === 0) continue;
    bm25 += (weightOf(a) * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * length) / Math.max(1, ctx.averageLength)));
  }
  const inText = (a: AskedWord) => stemSet.has(own(a));
  // WordNet's synonyms are English stems: they meet English passages' words.
  const synonymHit = (a: AskedWord) => [...(ctx.synonyms.get(a.stem) ?? [])].some((s) => stemSet.has(s));
  return {
    bm25: bm25 / (bm25 + 3),
    coverage: share((a) => inText(a) || terms.headingStems.has(own(a)) || terms.titleStems.has(own(a))),
    exact: share((a) => tokens.has(a.word)),
    variants: share((a) => inText(a) && !tokens.has(a.word)),
    synonyms: share((a) => !inText(a) && synonymHit(a)),
    proximity: proximity(terms.stems, new Set(ctx.asked.map(own))),
    title: share((a) => terms.titleStems.has(own(a))),
    heading: share((a) => terms.headingStems.has(own(a))),
    search: signals.search,
    searchPassage: signals.searchPassage,
    documentRank: 1 / (1 + signals.documentRank),
    semantic: signals.semantic,
    documentCoverage: signals.documentCoverage,
  };
}

/** The re-ranker: a binary logistic model over featureVector (logistic.ts scores and fits it). */
export type RerankModel = LinearModel;

export function featureVector(f: RerankFeatures): number[] {
  return RERANK_FEATURES.map((name) => f[name]);
}

/**
 * Each item's fold for k-fold cross-validation: items are shuffled by a seeded generator within
 * each stratum (answerable and absent questions, say) and dealt round-robin, so every fold holds
 * a like share of each stratum and the same seed always gives the same folds.
 */
export function assignFolds<T>(
  items: readonly T[],
  k: number,
  seed: number,
  stratum: (item: T) => string = () => "",
): number[] {
  const random = seededRandom(seed);
  const keys = items.map(() => random());
  const folds = new Array<number>(items.length).fill(0);
  const strata = new Map<string, number[]>();
  items.forEach((item, i) => strata.set(stratum(item), [...(strata.get(stratum(item)) ?? []), i]));
  for (const members of strata.values())
    members.sort((a, b) => keys[a]! - keys[b]!).forEach((i, position) => (folds[i] = position % k));
  return folds;
}

export interface CrossValidated<O> {
  best: O;
  /** Mean held-out score of each option, in the order given. */
  scores: number[];
}

/**
 * Chooses among `options` (regularisation strengths, feature sets) by k-fold cross-validation:
 * each option's model is fitted on k-1 folds and scored on the fold it never saw, summed over the
 * folds and averaged over the seeds. An in-sample score rewards the option that memorises its
 * questions; a held-out one rewards the one that carries over. Ties go to the earlier option.
 */
export function chooseByCrossValidation<T, O, M>(
  items: readonly T[],
  options: readonly O[],
  fit: (train: T[], option: O) => M,
  score: (test: T[], model: M) => number,
  { k = 5, seeds = [1], stratum }: { k?: number; seeds?: number[]; stratum?: (item: T) => string } = {},
): CrossValidated<O> {
  const scores = options.map(() => 0);
  for (const seed of seeds) {
    const folds = assignFolds(items, k, seed, stratum);
    for (let fold = 0; fold < k; fold++) {
      const train = items.filter((_, i) => folds[i] !== fold);
      const test = items.filter((_, i) => folds[i] === fold);
      options.forEach((option, j) => (scores[j]! += score(test, fit(train, option))));
    }
  }
  const mean = scores.map((s) => s / Math.max(1, seeds.length));
  const bestIndex = mean.reduce((best, s, j) => (s > mean[best]! ? j : best), 0);
  return { best: options[bestIndex]!, scores: mean };
}
