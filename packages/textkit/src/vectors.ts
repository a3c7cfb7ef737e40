/**
 * Embeddings kept compactly (int8 with one scale per vector: a quarter of float32, and cosine
 * rankings barely move) and searched exactly: a full scan of 100k × 128 bytes is a few
 * milliseconds, which is simpler and more predictable than an approximate index at this size.
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

/** Many quantised vectors of one dimension in one block, for a fast scan. */
export class VectorMatrix {
  readonly ids: string[] = [];
  private codes: Int8Array;
  private scales: Float32Array;

  constructor(
    readonly dims: number,
    capacity = 1024,
  ) {
    this.codes = new Int8Array(dims * capacity);
    this.scales = new Float32Array(capacity);
  }

  get size(): number {
    return this.ids.length;
  }

  add(id: string, vector: QuantizedVector): void {
    if (vector.codes.length !== this.dims) return;
    if (this.size === this.scales.length) this.grow();
    this.codes.set(vector.codes, this.size * this.dims);
    this.scales[this.size] = vector.scale;
    this.ids.push(id);
  }

  private grow(): void {
    const codes = new Int8Array(this.codes.length * 2);
    codes.set(this.codes);
    const scales = new Float32Array(this.scales.length * 2);
    scales.set(this.scales);
    this.codes = codes;
    this.scales = scales;
  }

  /** The `k` rows most similar to the unit vector `query` (cosine, as both are unit vectors). */
  nearest(
    query: Float32Array,
    k: number,
    accept?: (id: string) => boolean,
  ): Array<{ id: string; similarity: number }> {
    const dims = this.dims;
    const best: Array<{ row: number; similarity: number }> = [];
    let floor = -Infinity;
    for (let row = 0; row < this.size; row++) {
      const base = row * dims;
      let dot = 0;
      for (let i = 0; i < dims; i++) dot += this.codes[base + i]! * query[i]!;
      const similarity = dot * this.scales[row]!;
      if (best.length >= k && similarity <= floor) continue;
      if (accept && !accept(this.ids[row]!)) continue;
      insertSorted(best, { row, similarity }, k);
      floor = best.length >= k ? best[best.length - 1]!.similarity : -Infinity;
    }
    return best.map(({ row, similarity }) => ({ id: this.ids[row]!, similarity }));
  }
}

function insertSorted<T extends { similarity: number }>(list: T[], item: T, limit: number): void {
  let position = list.length;
  while (position > 0 && list[position - 1]!.similarity < item.similarity) position--;
  list.splice(position, 0, item);
  if (list.length > limit) list.pop();
}
