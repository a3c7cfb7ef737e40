import { stem, tokenize } from "./tokenize";

/**
 * Choosing the answering document among the candidates, after the passage re-ranker: a linear
 * model over document-level evidence, fitted listwise (softmax over each question's candidate
 * documents, the right one as target) on the fit half of `npm run bench -- ai`. Pointwise
 * labels taught the passage model which passage holds a fact; which document answers is a
 * comparison among the candidates, and fitting it as one put the right document first for 64
 * of 90 fit questions instead of 56.
 */

export const DOCUMENT_FEATURES = [
  "passage",
  "documentRank",
  "search",
  "documentCoverage",
  "title",
  "titleNamed",
] as const;

export type DocumentFeatures = Record<(typeof DOCUMENT_FEATURES)[number], number>;

/**
 * Share of the title's words (hyphenated words split, numbers dropped) that the question names:
 * "grep(1) manual page" names one of three for a question about grep, "egrep(1) manual page"
 * none, so the document a question is about wins over documents that merely mention its words.
 */
export function titleNamed(question: string, title: string): number {
  const asked = new Set(tokenize(question, { splitHyphens: true }).map(stem));
  const words = [
    ...new Set(
      tokenize(title, { splitHyphens: true })
        .filter((w) => !/^\d+$/.test(w))
        .map(stem),
    ),
  ];
  return words.length ? words.filter((w) => asked.has(w)).length / words.length : 0;
}

export function documentFeatureVector(f: DocumentFeatures): number[] {
  return DOCUMENT_FEATURES.map((name) => f[name]);
}

/** The document's score: a logit-like sum; only differences between candidates matter. */
export function documentScore(weights: readonly number[], x: readonly number[]): number {
  return x.reduce((sum, v, i) => sum + v * (weights[i] ?? 0), 0);
}

/**
 * Listwise linear model: softmax over each group's rows with `right` (its index) as the target,
 * L2-regularised, full-batch gradient descent from zero, so the same data gives the same weights.
 * Groups without a right row (or with one row) teach nothing and are skipped.
 */
export function fitSoftmax(
  groups: ReadonlyArray<{ xs: ReadonlyArray<readonly number[]>; right: number }>,
  { epochs = 2000, learningRate = 0.5, l2 = 0.01 } = {},
): number[] {
  const usable = groups.filter((g) => g.right >= 0 && g.xs.length > 1);
  const dims = usable[0]?.xs[0]?.length ?? 0;
  const w = new Array<number>(dims).fill(0);
  for (let epoch = 0; epoch < epochs; epoch++) {
    const grad = new Array<number>(dims).fill(0);
    for (const g of usable) {
      const z = g.xs.map((x) => documentScore(w, x));
      const top = Math.max(...z);
      const ex = z.map((v) => Math.exp(v - top));
      const sum = ex.reduce((a, b) => a + b, 0);
      g.xs.forEach((x, k) => {
        const d = ex[k]! / sum - (k === g.right ? 1 : 0);
        x.forEach((v, i) => (grad[i]! += d * v));
      });
    }
    for (let i = 0; i < dims; i++) w[i] = w[i]! - learningRate * (grad[i]! / usable.length + l2 * w[i]!);
  }
  return w;
}
