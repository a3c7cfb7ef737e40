/**
 * Truncated SVD of a sparse matrix by the randomized range finder of Halko, Martinsson & Tropp
 * (2011): project onto a few random directions, sharpen with power iterations, orthonormalise,
 * then solve the small problem exactly. Enough for LSA, where only the top directions matter.
 */

/** A sparse matrix in compressed sparse row form. */
export interface CsrMatrix {
  rows: number;
  cols: number;
  /** rowStart[i]..rowStart[i+1] index colIndex/values of row i. */
  rowStart: Uint32Array;
  colIndex: Uint32Array;
  values: Float32Array;
}

export interface TruncatedSvd {
  rank: number;
  /** Singular values, largest first. */
  singularValues: Float64Array;
  /** Right singular vectors, cols × rank, row-major: row t is term t's coordinates. */
  rightVectors: Float64Array;
}

export interface SvdOptions {
  rank: number;
  oversample?: number;
  powerIterations?: number;
  seed?: number;
}

/** mulberry32: a small seeded generator, so the same archive gives the same model. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A · D where D is dense (a.cols × width, row-major): a.rows × width. */
function multiplyDense(a: CsrMatrix, dense: Float64Array, width: number): Float64Array {
  const out = new Float64Array(a.rows * width);
  for (let row = 0; row < a.rows; row++) {
    const base = row * width;
    for (let p = a.rowStart[row] as number; p < (a.rowStart[row + 1] as number); p++) {
      const value = a.values[p] as number;
      const from = (a.colIndex[p] as number) * width;
      for (let j = 0; j < width; j++) out[base + j]! += value * (dense[from + j] as number);
    }
  }
  return out;
}

/** Aᵀ · D where D is dense (a.rows × width): a.cols × width. */
function multiplyTransposeDense(a: CsrMatrix, dense: Float64Array, width: number): Float64Array {
  const out = new Float64Array(a.cols * width);
  for (let row = 0; row < a.rows; row++) {
    const from = row * width;
    for (let p = a.rowStart[row] as number; p < (a.rowStart[row + 1] as number); p++) {
      const value = a.values[p] as number;
      const base = (a.colIndex[p] as number) * width;
      for (let j = 0; j < width; j++) out[base + j]! += value * (dense[from + j] as number);
    }
  }
  return out;
}

/** Orthonormalises the columns of a (rows × width, row-major) in place: modified Gram-Schmidt. */
function orthonormalizeColumns(a: Float64Array, rows: number, width: number): void {
  for (let j = 0; j < width; j++) {
    for (let i = 0; i < j; i++) {
      let projection = 0;
      for (let r = 0; r < rows; r++) projection += a[r * width + i]! * a[r * width + j]!;
      for (let r = 0; r < rows; r++) a[r * width + j]! -= projection * a[r * width + i]!;
    }
    let norm = 0;
    for (let r = 0; r < rows; r++) norm += a[r * width + j]! ** 2;
    norm = Math.sqrt(norm);
    for (let r = 0; r < rows; r++) a[r * width + j] = norm > 1e-12 ? a[r * width + j]! / norm : 0;
  }
}

/** Eigen-decomposition of a small symmetric matrix (n × n, row-major) by cyclic Jacobi rotations. */
export function symmetricEigen(
  matrix: Float64Array,
  n: number,
): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q]! ** 2;
    if (off < 1e-20) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p]!;
          const akq = a[k * n + q]!;
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k]!;
          const aqk = a[q * n + k]!;
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = a[i * n + i]!;
  return { values, vectors: v };
}

/** The top `rank` singular values and right singular vectors of `a`. */
export function randomizedSvd(a: CsrMatrix, options: SvdOptions): TruncatedSvd {
  const width = Math.min(options.rank + (options.oversample ?? 10), a.rows, a.cols);
  const random = seededRandom(options.seed ?? 1);
  const omega = new Float64Array(a.cols * width);
  for (let i = 0; i < omega.length; i++) omega[i] = gaussian(random);
  let y = multiplyDense(a, omega, width);
  orthonormalizeColumns(y, a.rows, width);
  for (let i = 0; i < (options.powerIterations ?? 2); i++) {
    const z = multiplyTransposeDense(a, y, width);
    orthonormalizeColumns(z, a.cols, width);
    y = multiplyDense(a, z, width);
    orthonormalizeColumns(y, a.rows, width);
  }
  // B = Qᵀ A, kept as Bᵀ (cols × width); the eigenvectors of B Bᵀ give B's left singular vectors.
  const bt = multiplyTransposeDense(a, y, width);
  const gram = new Float64Array(width * width);
  for (let r = 0; r < a.cols; r++) {
    for (let i = 0; i < width; i++) {
      const bri = bt[r * width + i]!;
      if (bri === 0) continue;
      for (let j = i; j < width; j++) gram[i * width + j]! += bri * bt[r * width + j]!;
    }
  }
  for (let i = 0; i < width; i++) for (let j = 0; j < i; j++) gram[i * width + j] = gram[j * width + i]!;
  const { values, vectors } = symmetricEigen(gram, width);
  const order = [...values.keys()].sort((p, q) => values[q]! - values[p]!);
  const rank = Math.min(options.rank, width);
  const singularValues = new Float64Array(rank);
  const rightVectors = new Float64Array(a.cols * rank);
  for (let k = 0; k < rank; k++) {
    const column = order[k]!;
    const sigma = Math.sqrt(Math.max(values[column]!, 0));
    singularValues[k] = sigma;
    if (sigma < 1e-12) continue;
    // v_k = Bᵀ u_k / σ_k
    for (let r = 0; r < a.cols; r++) {
      let sum = 0;
      for (let i = 0; i < width; i++) sum += bt[r * width + i]! * vectors[i * width + column]!;
      rightVectors[r * rank + k] = sum / sigma;
    }
  }
  return { rank, singularValues, rightVectors };
}
