import { describe, expect, it } from "vitest";
import { cosine, decodeQuantized, encodeQuantized, quantizeInt8, sparseCosine } from "./vectors";
import { normalizeVector } from "./lsa";

const unit = (...values: number[]) => normalizeVector(Float32Array.from(values));

describe("int8 vectors", () => {
  it("round-trips through bytes within quantisation error", () => {
    const vector = unit(0.3, -0.5, 0.8);
    const decoded = decodeQuantized(encodeQuantized(quantizeInt8(vector)));
    decoded.codes.forEach((code, i) => expect(code * decoded.scale).toBeCloseTo(vector[i]!, 2));
  });

  it("compares by cosine, whatever the stored vector's scale, and gives 0 for a zero or mismatched vector", () => {
    const stored = quantizeInt8(unit(1, 1, 0));
    expect(cosine(unit(1, 0, 0), stored.codes)).toBeCloseTo(Math.SQRT1_2, 2);
    expect(cosine([2, 0, 0], [5, 0, 0])).toBeCloseTo(1);
    expect(cosine([1, 0, 0], [-1, 0, 0])).toBeCloseTo(-1);
    expect(cosine([0, 0, 0], [1, 0, 0])).toBe(0);
    expect(cosine([1, 0], [1, 0, 0])).toBe(0);
    const a = new Map([
      ["x", 0.6],
      ["y", 0.8],
    ]);
    expect(sparseCosine(a, new Map([["y", 1]]))).toBeCloseTo(0.8);
    expect(sparseCosine(a, a)).toBeCloseTo(1);
  });
});
