import { tokenize } from "./tokenize";

/**
 * Near-duplicate detection by w-shingling (Broder, 1997): a document becomes the set of its
 * overlapping word sequences, and two documents' resemblance is the Jaccard index of those sets.
 * MinHash signatures with LSH banding find candidate pairs without comparing every pair.
 */

export interface ShingledDocument {
  id: string;
  shingles: Set<number>;
}

export interface NearDuplicate {
  a: string;
  b: string;
  /** Jaccard resemblance of the two shingle sets, 0..1. */
  similarity: number;
}

const SHINGLE_WORDS = 3;
const HASHES = 64;
const BANDS = 32;

/** FNV-1a 32-bit: a fast, stable string hash. */
function fnv1a(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Hashed w-word shingles of `text`. Case, punctuation and markdown do not matter. */
export function shingle(text: string, words = SHINGLE_WORDS): Set<number> {
  const tokens = tokenize(text);
  const shingles = new Set<number>();
  if (tokens.length < words) {
    if (tokens.length > 0) shingles.add(fnv1a(tokens.join(" ")));
    return shingles;
  }
  for (let i = 0; i + words <= tokens.length; i++) shingles.add(fnv1a(tokens.slice(i, i + words).join(" ")));
  return shingles;
}

export function jaccard(a: Set<number>, b: Set<number>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const value of small) if (large.has(value)) shared++;
  return shared / (a.size + b.size - shared);
}

/** MinHash signature: for each of HASHES seeded permutations, the minimum hashed shingle. */
function signature(shingles: Set<number>): Uint32Array {
  const result = new Uint32Array(HASHES).fill(0xffffffff);
  for (const value of shingles) {
    for (let i = 0; i < HASHES; i++) {
      const h = (Math.imul(value ^ (0x9e3779b9 * (i + 1)), 0x85ebca6b) ^ (value >>> 13)) >>> 0;
      const mixed = Math.imul(h ^ (h >>> 16), 0xc2b2ae35) >>> 0;
      if (mixed < (result[i] ?? 0xffffffff)) result[i] = mixed;
    }
  }
  return result;
}

/**
 * Index pairs (x < y) that share at least one LSH band of their MinHash signatures (null: a
 * document without shingles): the candidates to confirm with the resemblance.
 */
export function nearDuplicateCandidates(
  signatures: ReadonlyArray<Uint32Array | null>,
): Array<[number, number]> {
  const rows = HASHES / BANDS;
  const buckets = new Map<string, number[]>();
  signatures.forEach((sig, index) => {
    if (!sig) return;
    for (let band = 0; band < BANDS; band++) {
      const key = `${band}:${Array.from(sig.subarray(band * rows, (band + 1) * rows)).join(",")}`;
      const bucket = buckets.get(key) ?? [];
      bucket.push(index);
      buckets.set(key, bucket);
    }
  });
  const seen = new Set<string>();
  const pairs: Array<[number, number]> = [];
  for (const bucket of buckets.values()) {
    for (let i = 0; i < bucket.length; i++) {
      for (let j = i + 1; j < bucket.length; j++) {
        const [x, y] = [bucket[i] as number, bucket[j] as number];
        const key = `${x}:${y}`;
        if (seen.has(key)) continue;
        seen.add(key);
        pairs.push([x, y]);
      }
    }
  }
  return pairs;
}

const bySimilarity = (p: NearDuplicate, q: NearDuplicate) =>
  q.similarity - p.similarity || p.a.localeCompare(q.a);

/**
 * Pairs of documents whose resemblance is at least `threshold`, most similar first. LSH with
 * 32 bands of 2 rows finds pairs above about 0.2 resemblance with high probability; each candidate
 * is then confirmed with the exact Jaccard index.
 */
export function findNearDuplicates(docs: readonly ShingledDocument[], threshold = 0.5): NearDuplicate[] {
  const signatures = docs.map((doc) => (doc.shingles.size === 0 ? null : signature(doc.shingles)));
  const pairs: NearDuplicate[] = [];
  for (const [x, y] of nearDuplicateCandidates(signatures)) {
    const a = docs[x] as ShingledDocument;
    const b = docs[y] as ShingledDocument;
    const similarity = jaccard(a.shingles, b.shingles);
    if (similarity >= threshold) pairs.push({ a: a.id, b: b.id, similarity });
  }
  return pairs.sort(bySimilarity);
}

/** Shingle hashes a sketch keeps: every one of a document of up to about 1,000 words. */
export const SKETCH_SIZE = 1024;

/**
 * What the near-duplicate check needs of a document, of bounded size whatever its length, so it
 * can be computed once per version and stored: the MinHash signature (for LSH candidates) and
 * the SKETCH_SIZE smallest shingle hashes (a bottom-k sketch, Broder 1997; Cohen & Kaplan 2007),
 * which is the whole shingle set of a document that has no more.
 */
export interface ShingleSketch {
  /** MinHash signature, HASHES values. */
  signature: Uint32Array;
  /** The smallest distinct shingle hashes, ascending, at most SKETCH_SIZE. */
  smallest: Uint32Array;
  /** Distinct shingles of the whole document. */
  shingles: number;
}

export function sketchShingles(shingles: Set<number>, size = SKETCH_SIZE): ShingleSketch {
  const all = Uint32Array.from(shingles).sort();
  return { signature: signature(shingles), smallest: all.slice(0, size), shingles: shingles.size };
}

/** Values present in both ascending arrays, counted by a merge. */
function sharedCount(a: Uint32Array, b: Uint32Array): number {
  let [i, j, shared] = [0, 0, 0];
  while (i < a.length && j < b.length) {
    const [x, y] = [a[i] as number, b[j] as number];
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared;
}

/**
 * Jaccard resemblance from two sketches: exact when both hold their whole shingle set; otherwise
 * estimated from the k smallest hashes of the union (k the smaller sketch's size), of which the
 * share found in both sketches estimates the resemblance without bias.
 */
export function sketchResemblance(a: ShingleSketch, b: ShingleSketch): number {
  if (a.shingles === 0 || b.shingles === 0) return 0;
  const aWhole = a.smallest.length === a.shingles;
  const bWhole = b.smallest.length === b.shingles;
  if (aWhole && bWhole) {
    const shared = sharedCount(a.smallest, b.smallest);
    return shared / (a.shingles + b.shingles - shared);
  }
  const k = Math.min(a.smallest.length, b.smallest.length);
  // The k smallest of the union: walk both in order, counting the values both hold.
  let [i, j, taken, shared] = [0, 0, 0, 0];
  while (taken < k && (i < a.smallest.length || j < b.smallest.length)) {
    const x = i < a.smallest.length ? (a.smallest[i] as number) : Infinity;
    const y = j < b.smallest.length ? (b.smallest[j] as number) : Infinity;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
    taken++;
  }
  return taken === 0 ? 0 : shared / taken;
}
