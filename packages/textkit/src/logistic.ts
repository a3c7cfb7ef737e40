import { toSearchTerms } from "./tokenize";
import { seededRandom } from "./svd";
import {
  inverseDocumentFrequency,
  weigh,
  type LabelledText,
  type Prediction,
  type PredictOptions,
} from "./classify";

/**
 * Logistic regression, the one implementation the archive's models use: binary (the assistant's
 * passage re-ranker and answer confidence: `logisticProbability`, `fitLogistic`) and multinomial
 * (the category classifier: `trainLogistic`, `predictLogistic`).
 */

/** A binary logistic model: the probability is the sigmoid of bias + weights · x. */
export interface LinearModel {
  bias: number;
  weights: number[];
}

export function logisticProbability(
  model: Pick<LinearModel, "bias"> & { weights: readonly number[] },
  x: readonly number[],
): number {
  const z = x.reduce((sum, v, i) => sum + v * (model.weights[i] ?? 0), model.bias);
  return 1 / (1 + Math.exp(-z));
}

/**
 * Binary L2-regularised logistic regression by full-batch gradient descent from zero: the same
 * data always gives the same weights. Positives are re-weighted to balance the classes.
 */
export function fitLogistic(
  rows: ReadonlyArray<{ x: readonly number[]; y: number }>,
  { l2 = 0.001, epochs = 2000, learningRate = 0.5, balance = true } = {},
): LinearModel {
  const dims = rows[0]?.x.length ?? 0;
  const weights = new Array<number>(dims).fill(0);
  let bias = 0;
  const positives = rows.filter((r) => r.y === 1).length;
  const positiveWeight = balance && positives > 0 ? (rows.length - positives) / positives : 1;
  const norm = rows.reduce((sum, r) => sum + (r.y === 1 ? positiveWeight : 1), 0) || 1;
  for (let epoch = 0; epoch < epochs; epoch++) {
    const grad = new Array<number>(dims).fill(0);
    let gradBias = 0;
    for (const { x, y } of rows) {
      const d = (logisticProbability({ bias, weights }, x) - y) * (y === 1 ? positiveWeight : 1);
      for (let i = 0; i < dims; i++) grad[i]! += d * x[i]!;
      gradBias += d;
    }
    for (let i = 0; i < dims; i++)
      weights[i] = weights[i]! - learningRate * (grad[i]! / norm + l2 * weights[i]!);
    bias -= (learningRate * gradBias) / norm;
  }
  return { bias, weights };
}

/**
 * Multinomial logistic regression (softmax) over the same L2-normalised log-TF-IDF vectors,
 * with L2 regularisation, trained by full-batch Adam from zero weights, so training is
 * deterministic. Unlike naive Bayes it weighs correlated words jointly instead of counting each
 * as independent evidence, which is where NB loses on short descriptions; its probabilities are
 * the regularised maximum-likelihood ones, better calibrated than NB's.
 */

export interface LogisticOptions {
  /** L2 penalty on the weights (per example). Default 1e-4 (chosen by cross-validation in `bench -- ai`). */
  l2?: number;
  /** Full-batch Adam steps. Default 60. */
  epochs?: number;
  learningRate?: number;
  /** Terms in fewer training documents are not features. Default 2. */
  minDocuments?: number;
  /**
   * Weigh terms by IDF. Default false: log-TF alone cross-validated better on Debian package
   * descriptions (78.6% vs 77.2%), since the regulariser already discounts uninformative words.
   */
  idf?: boolean;
  /** Adjacent term pairs ("command line") are features too. Default false. */
  bigrams?: boolean;
  /** Folds for leave-out predictions of training examples. Default 5. */
  folds?: number;
  seed?: number;
}

interface Weights {
  /** Feature-major: weights[f * K + k]. */
  weights: Float64Array;
  bias: Float64Array;
}

interface SparseRow {
  features: Int32Array;
  values: Float64Array;
}

export interface LogisticModel {
  labels: string[];
  options: Required<LogisticOptions>;
  vocabulary: Map<string, number>;
  /** IDF of the training texts (features use it only when `options.idf` is on). */
  idf: Map<string, number>;
  documentFrequency: Map<string, number>;
  documentCount: number;
  fitted: Weights;
  /** Training examples' fold (key: label and text), for out-of-fold leave-out predictions. */
  foldOf: Map<string, number>;
  /** Each training example's fold, index-aligned with `rows`. */
  folds: Int32Array;
  /** Built on first leave-out use: fold i is trained on the examples outside fold i. */
  foldModels: Weights[] | null;
  rows: SparseRow[];
  targets: Int32Array;
}

const DEFAULT_LOGISTIC: Required<LogisticOptions> = {
  l2: 1e-4,
  epochs: 60,
  learningRate: 0.5,
  minDocuments: 2,
  bigrams: false,
  idf: false,
  folds: 5,
  seed: 7,
};

function featureTerms(text: string, bigrams: boolean): string[] {
  const terms = toSearchTerms(text);
  if (!bigrams) return terms;
  const pairs = terms.slice(1).map((term, i) => `${terms[i] ?? ""} ${term}`);
  return [...terms, ...pairs];
}

const exampleKey = (e: LabelledText) => `${e.label}\u0000${e.text}`;

const NO_IDF = new Map<string, number>();

function sparseRow(terms: string[], model: Pick<LogisticModel, "idf" | "vocabulary">): SparseRow {
  const features: number[] = [];
  const values: number[] = [];
  for (const [term, w] of weigh(terms, model.idf, 1)) {
    const f = model.vocabulary.get(term);
    if (f === undefined) continue;
    features.push(f);
    values.push(w);
  }
  return { features: Int32Array.from(features), values: Float64Array.from(values) };
}

function softmaxScores(fitted: Weights, row: SparseRow, k: number): Float64Array {
  const scores = Float64Array.from(fitted.bias);
  for (let i = 0; i < row.features.length; i++) {
    const base = (row.features[i] as number) * k;
    const x = row.values[i] as number;
    for (let j = 0; j < k; j++) scores[j] = (scores[j] as number) + x * (fitted.weights[base + j] as number);
  }
  let top = -Infinity;
  for (const s of scores) top = Math.max(top, s);
  let sum = 0;
  for (let j = 0; j < k; j++) {
    scores[j] = Math.exp((scores[j] as number) - top);
    sum += scores[j] as number;
  }
  for (let j = 0; j < k; j++) scores[j] = (scores[j] as number) / sum;
  return scores;
}

function fit(
  rows: readonly SparseRow[],
  targets: Int32Array,
  k: number,
  v: number,
  options: Required<LogisticOptions>,
): Weights {
  const size = v * k;
  const fitted: Weights = { weights: new Float64Array(size), bias: new Float64Array(k) };
  const grad = new Float64Array(size + k);
  const m = new Float64Array(size + k);
  const s = new Float64Array(size + k);
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  const n = Math.max(1, rows.length);
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    grad.fill(0);
    rows.forEach((row, r) => {
      const p = softmaxScores(fitted, row, k);
      p[targets[r] as number] = (p[targets[r] as number] as number) - 1;
      for (let i = 0; i < row.features.length; i++) {
        const base = (row.features[i] as number) * k;
        const x = row.values[i] as number;
        for (let j = 0; j < k; j++) grad[base + j] = (grad[base + j] as number) + x * (p[j] as number);
      }
      for (let j = 0; j < k; j++) grad[size + j] = (grad[size + j] as number) + (p[j] as number);
    });
    const step = (options.learningRate * Math.sqrt(1 - b2 ** epoch)) / (1 - b1 ** epoch);
    for (let i = 0; i < size + k; i++) {
      const w = i < size ? (fitted.weights[i] as number) : (fitted.bias[i - size] as number);
      const g = (grad[i] as number) / n + (i < size ? options.l2 * w : 0);
      m[i] = b1 * (m[i] as number) + (1 - b1) * g;
      s[i] = b2 * (s[i] as number) + (1 - b2) * g * g;
      const next = w - (step * (m[i] as number)) / (Math.sqrt(s[i] as number) + eps);
      if (i < size) fitted.weights[i] = next;
      else fitted.bias[i - size] = next;
    }
  }
  return fitted;
}

export function trainLogistic(
  examples: readonly LabelledText[],
  options: LogisticOptions = {},
): LogisticModel {
  const opts = { ...DEFAULT_LOGISTIC, ...options };
  const labels = [...new Set(examples.map((e) => e.label))].sort();
  const index = new Map(labels.map((label, i) => [label, i]));
  const tokenized = examples.map((e) => featureTerms(e.text, opts.bigrams));
  const { idf, df } = inverseDocumentFrequency(tokenized);
  const vocabulary = new Map<string, number>();
  for (const [term, n] of [...df].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    if (n >= opts.minDocuments) vocabulary.set(term, vocabulary.size);
  const partial = { idf: opts.idf ? idf : NO_IDF, vocabulary };
  const rows = tokenized.map((terms) => sparseRow(terms, partial));
  const targets = Int32Array.from(examples, (e) => index.get(e.label) as number);
  const random = seededRandom(opts.seed);
  const order = examples.map((e, i) => ({ i, key: random() })).sort((a, b) => a.key - b.key);
  const folds = new Int32Array(examples.length);
  order.forEach(({ i }, position) => (folds[i] = position % opts.folds));
  const foldOf = new Map(examples.map((e, i) => [exampleKey(e), folds[i] as number]));
  return {
    labels,
    options: opts,
    vocabulary,
    idf,
    documentFrequency: df,
    documentCount: examples.length,
    fitted: fit(rows, targets, labels.length, vocabulary.size, opts),
    foldOf,
    folds,
    foldModels: null,
    rows,
    targets,
  };
}

/** The model of the fold `example` was held out in (trained lazily, once), or null if unseen. */
function foldModel(model: LogisticModel, example: LabelledText): Weights | null {
  const fold = model.foldOf.get(exampleKey(example));
  if (fold === undefined) return null;
  if (!model.foldModels) {
    model.foldModels = Array.from({ length: model.options.folds }, (_, i) => {
      const keep = [...model.folds.keys()].filter((r) => model.folds[r] !== i);
      const rows = keep.map((r) => model.rows[r] as SparseRow);
      const targets = Int32Array.from(keep, (r) => model.targets[r] as number);
      return fit(rows, targets, model.labels.length, model.vocabulary.size, model.options);
    });
  }
  return model.foldModels[fold] ?? null;
}

/**
 * Classifies `text`. With `leaveOut` naming a training example (the same text and label), it is
 * judged by the fold model that was not trained on it, so its current label does not vote.
 */
export function predictLogistic(
  model: LogisticModel,
  text: string,
  options: PredictOptions = {},
): Prediction {
  const fitted = (options.leaveOut && foldModel(model, options.leaveOut)) || model.fitted;
  const p = softmaxScores(
    fitted,
    sparseRow(featureTerms(text, model.options.bigrams), {
      idf: model.options.idf ? model.idf : NO_IDF,
      vocabulary: model.vocabulary,
    }),
    model.labels.length,
  );
  const ranked = model.labels
    .map((label, j) => ({ label, probability: p[j] ?? 0 }))
    .sort((a, b) => b.probability - a.probability);
  const best = ranked[0] ?? { label: "", probability: 0 };
  return { label: best.label, confidence: best.probability, scores: ranked };
}

export interface TuningResult {
  options: LogisticOptions;
  /** Mean cross-validation accuracy of each candidate, in grid order. */
  tried: Array<{ options: LogisticOptions; accuracy: number }>;
}

/**
 * Chooses among `grid` by `folds`-fold cross-validation accuracy (seeded folds) over `examples`,
 * which must be training data only; ties go to the earlier candidate.
 */
export function tuneLogistic(
  examples: readonly LabelledText[],
  grid: readonly LogisticOptions[],
  { seed = 11, folds = 5 } = {},
): TuningResult {
  const random = seededRandom(seed);
  const fold = examples
    .map((_, i) => ({ i, key: random() }))
    .sort((a, b) => a.key - b.key)
    .reduce((acc, { i }, position) => acc.set(i, position % folds), new Map<number, number>());
  const tried = grid.map((options) => {
    let right = 0;
    for (let f = 0; f < folds; f++) {
      const model = trainLogistic(
        examples.filter((_, i) => fold.get(i) !== f),
        options,
      );
      const validation = examples.filter((_, i) => fold.get(i) === f);
      right += validation.filter((e) => predictLogistic(model, e.text).label === e.label).length;
    }
    return { options, accuracy: right / Math.max(1, examples.length) };
  });
  const best = tried.reduce(
    (a, b) => (b.accuracy > a.accuracy ? b : a),
    tried[0] ?? { options: {}, accuracy: 0 },
  );
  return { options: best.options, tried };
}
