import { randomizedSvd, seededRandom, type CsrMatrix } from "./svd";
import { toSearchTerms } from "./tokenize";

/**
 * Latent semantic analysis: passages as TF-IDF vectors over stems, reduced by a truncated SVD to
 * a few hundred "topics" where words that occur in the same contexts lie close together. Built
 * from the archive itself, so it needs no downloaded weights; passages written after the fit
 * are folded in by the same projection.
 */
export interface LsaModel {
  dims: number;
  /** Vocabulary (Porter2 stems). */
  terms: string[];
  /** Inverse document frequency of each term. */
  idf: Float32Array;
  /** terms.length × dims, row-major: each term's coordinates (right singular vectors). */
  projection: Float32Array;
  /** How many passages the model was fitted on. */
  fittedOn: number;
}

export interface LsaOptions {
  /** Target dimensions; fewer when the archive is small. Default 128. */
  dims?: number;
  /** A term must occur in at least this many passages. Default 2. */
  minDocumentFrequency?: number;
  /** Largest vocabulary kept (most frequent terms). Default 40,000. */
  maxTerms?: number;
  /** Fit on at most this many passages (a seeded sample); the rest are folded in. Default 20,000. */
  maxPassages?: number;
  seed?: number;
}

function termCounts(terms: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

function samplePassages(texts: readonly string[], max: number, seed: number): readonly string[] {
  if (texts.length <= max) return texts;
  const random = seededRandom(seed);
  const picked = [...texts.keys()];
  for (let i = 0; i < max; i++) {
    const j = i + Math.floor(random() * (picked.length - i));
    [picked[i], picked[j]] = [picked[j]!, picked[i]!];
  }
  return picked.slice(0, max).map((index) => texts[index]!);
}

function buildVocabulary(bags: Map<string, number>[], minDf: number, maxTerms: number) {
  const df = new Map<string, number>();
  for (const bag of bags) for (const term of bag.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const kept = [...df]
    .filter(([term, count]) => count >= minDf && term.length > 1)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, maxTerms);
  const terms = kept.map(([term]) => term);
  const idf = Float32Array.from(kept, ([, count]) => Math.log((bags.length + 1) / (count + 1)) + 1);
  return { terms, idf };
}

/** Sublinear tf × idf, L2-normalised: entries of one passage's row. */
function weightRow(bag: Map<string, number>, index: Map<string, number>, idf: Float32Array) {
  const entries: Array<[number, number]> = [];
  let norm = 0;
  for (const [term, count] of bag) {
    const column = index.get(term);
    if (column === undefined) continue;
    const weight = (1 + Math.log(count)) * idf[column]!;
    entries.push([column, weight]);
    norm += weight * weight;
  }
  norm = Math.sqrt(norm) || 1;
  return entries.sort((a, b) => a[0] - b[0]).map(([column, weight]) => [column, weight / norm] as const);
}

function toCsr(rows: ReadonlyArray<ReadonlyArray<readonly [number, number]>>, cols: number): CsrMatrix {
  const nnz = rows.reduce((sum, row) => sum + row.length, 0);
  const rowStart = new Uint32Array(rows.length + 1);
  const colIndex = new Uint32Array(nnz);
  const values = new Float32Array(nnz);
  let p = 0;
  rows.forEach((row, i) => {
    for (const [column, value] of row) {
      colIndex[p] = column;
      values[p++] = value;
    }
    rowStart[i + 1] = p;
  });
  return { rows: rows.length, cols, rowStart, colIndex, values };
}

/** Fits a model on passage texts. Null when there is too little text to find any structure. */
export function fitLsa(texts: readonly string[], options: LsaOptions = {}): LsaModel | null {
  const seed = options.seed ?? 7;
  const sample = samplePassages(texts, options.maxPassages ?? 20_000, seed);
  const bags = sample.map((text) => termCounts(toSearchTerms(text)));
  const { terms, idf } = buildVocabulary(bags, options.minDocumentFrequency ?? 2, options.maxTerms ?? 40_000);
  const dims = Math.min(options.dims ?? 128, terms.length - 1, bags.length - 1);
  if (dims < 2) return null;
  const index = new Map(terms.map((term, i) => [term, i]));
  const matrix = toCsr(
    bags.map((bag) => weightRow(bag, index, idf)),
    terms.length,
  );
  const svd = randomizedSvd(matrix, { rank: dims, oversample: 12, powerIterations: 2, seed });
  return {
    dims: svd.rank,
    terms,
    idf,
    projection: Float32Array.from(svd.rightVectors),
    fittedOn: sample.length,
  };
}

/** Index of each vocabulary term, cached per model. */
const termIndexes = new WeakMap<LsaModel, Map<string, number>>();
function termIndex(model: LsaModel): Map<string, number> {
  let index = termIndexes.get(model);
  if (!index) {
    index = new Map(model.terms.map((term, i) => [term, i]));
    termIndexes.set(model, index);
  }
  return index;
}

/**
 * The unit vector of weighted stems (term → count or weight) in the model's space, or null when
 * none of them is in the vocabulary.
 */
export function embedTermWeights(model: LsaModel, weights: Map<string, number>): Float32Array | null {
  const index = termIndex(model);
  const out = new Float32Array(model.dims);
  let any = false;
  for (const [term, count] of weights) {
    const row = index.get(term);
    if (row === undefined || count <= 0) continue;
    any = true;
    const weight = (1 + Math.log(Math.max(count, 1))) * model.idf[row]! * Math.min(count, 1);
    const base = row * model.dims;
    for (let k = 0; k < model.dims; k++) out[k]! += weight * model.projection[base + k]!;
  }
  return any ? normalizeVector(out) : null;
}

/** Folds a text into the model's space (unit vector), or null when it shares no vocabulary. */
export function embedText(model: LsaModel, text: string): Float32Array | null {
  return embedTermWeights(model, termCounts(toSearchTerms(text)));
}

export function normalizeVector(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm === 0) return vector;
  for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}
