/**
 * Embeddings kept compactly (int8 with one scale per vector: a quarter of float32, and cosine
 * rankings barely move), and the one cosine every comparison of vectors uses.
 */

/** A unit vector quantised to int8: value ≈ codes[i] * scale. */
export interface QuantizedVector {
  scale: number;
  codes: Int8Array;
}

export function quantizeInt8(vector: Float32Array): QuantizedVector {
  let max = 0;
  for (const value of vector) max = Math.max(max, Math.abs(value));
  const scale = max > 0 ? max / 127 : 1;
  return { scale, codes: Int8Array.from(vector, (value) => Math.round(value / scale)) };
}

/** Bytes: a 4-byte little-endian float32 scale, then the codes. */
export function encodeQuantized(vector: QuantizedVector): Uint8Array {
  const bytes = new Uint8Array(4 + vector.codes.length);
  new DataView(bytes.buffer).setFloat32(0, vector.scale, true);
  bytes.set(new Uint8Array(vector.codes.buffer, vector.codes.byteOffset, vector.codes.length), 4);
  return bytes;
}

export function decodeQuantized(bytes: Uint8Array): QuantizedVector {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const codes = new Int8Array(bytes.length - 4);
  codes.set(new Int8Array(bytes.buffer, bytes.byteOffset + 4, bytes.length - 4));
  return { scale: view.getFloat32(0, true), codes };
}

/**
 * Cosine similarity of two dense vectors, 0 when either is zero or their dimensions differ. A
 * stored vector's int8 codes can be passed as they are: its scale cancels out.
 */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** Cosine similarity of two sparse vectors of unit length (term → weight): their dot product. */
export function sparseCosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [term, w] of small) sum += w * (large.get(term) ?? 0);
  return sum;
}
