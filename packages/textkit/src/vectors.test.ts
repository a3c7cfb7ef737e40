import { describe, expect, it } from "vitest";
import { decodeQuantized, encodeQuantized, quantizeInt8, VectorMatrix } from "./vectors";
import { normalizeVector } from "./lsa";

const unit = (...values: number[]) => normalizeVector(Float32Array.from(values));

describe("int8 vectors", () => {
  it("round-trips through bytes within quantisation error", () => {
    const vector = unit(0.3, -0.5, 0.8);
    const decoded = decodeQuantized(encodeQuantized(quantizeInt8(vector)));
    decoded.codes.forEach((code, i) => expect(code * decoded.scale).toBeCloseTo(vector[i]!, 2));
  });

  it("finds the nearest rows by cosine, filtered, and grows past its capacity", () => {
    const matrix = new VectorMatrix(3, 1);
    matrix.add("x", quantizeInt8(unit(1, 0, 0)));
    matrix.add("y", quantizeInt8(unit(0, 1, 0)));
    matrix.add("xy", quantizeInt8(unit(1, 1, 0)));
    matrix.add("wrong-size", quantizeInt8(unit(1, 1)));
    expect(matrix.size).toBe(3);
    const hits = matrix.nearest(unit(1, 0.2, 0), 2);
    expect(hits.map((h) => h.id)).toEqual(["x", "xy"]);
    expect(hits[0]!.similarity).toBeCloseTo(0.98, 1);
    expect(matrix.nearest(unit(1, 0.2, 0), 2, (id) => id !== "x").map((h) => h.id)).toEqual(["xy", "y"]);
  });
});
