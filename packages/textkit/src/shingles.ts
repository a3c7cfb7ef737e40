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
 * Pairs of documents whose resemblance is at least `threshold`, most similar first. LSH with
 * 32 bands of 2 rows finds pairs above about 0.2 resemblance with high probability; each candidate
 * is then confirmed with the exact Jaccard index.
 */
export function findNearDuplicates(docs: readonly ShingledDocument[], threshold = 0.5): NearDuplicate[] {
  const rows = HASHES / BANDS;
  const buckets = new Map<string, number[]>();
  docs.forEach((doc, index) => {
    if (doc.shingles.size === 0) return;
    const sig = signature(doc.shingles);
    for (let band = 0; band < BANDS; band++) {
      const key = `${band}:${Array.from(sig.subarray(band * rows, (band + 1) * rows)).join(",")}`;
      const bucket = buckets.get(key) ?? [];
      bucket.push(index);
      buckets.set(key, bucket);
    }
  });
  const seen = new Set<string>();
  const pairs: NearDuplicate[] = [];
  for (const bucket of buckets.values()) {
    for (let i = 0; i < bucket.length; i++) {
      for (let j = i + 1; j < bucket.length; j++) {
        const [x, y] = [bucket[i] as number, bucket[j] as number];
        const key = `${x}:${y}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const a = docs[x] as ShingledDocument;
        const b = docs[y] as ShingledDocument;
        const similarity = jaccard(a.shingles, b.shingles);
        if (similarity >= threshold) pairs.push({ a: a.id, b: b.id, similarity });
      }
    }
  }
  return pairs.sort((p, q) => q.similarity - p.similarity || p.a.localeCompare(q.a));
}
