import { describe, expect, it } from "vitest";
import { calibratedRelevance, reciprocalRankFusion, termCoverage } from "./rank-fusion";

describe("reciprocalRankFusion", () => {
  it("puts an item ranked well in both lists first and normalises the top to 1", () => {
    const fused = reciprocalRankFusion([{ ids: ["a", "b", "c"] }, { ids: ["b", "a", "d"] }]);
    expect(
      fused
        .map((f) => f.id)
        .slice(0, 2)
        .sort(),
    ).toEqual(["a", "b"]);
    expect(fused[0]!.normalized).toBeLessThanOrEqual(1);
    const single = reciprocalRankFusion([{ ids: ["x", "y"] }]);
    expect(single[0]).toMatchObject({ id: "x", normalized: 1 });
    expect(single[1]!.normalized).toBeCloseTo(61 / 62);
  });

  it("weights lists and ignores empty ones", () => {
    const fused = reciprocalRankFusion([{ ids: ["a"], weight: 1 }, { ids: ["b"], weight: 0.5 }, { ids: [] }]);
    expect(fused.map((f) => f.id)).toEqual(["a", "b"]);
    expect(fused[0]!.normalized).toBeCloseTo(1 / 1.5);
  });
});

describe("calibratedRelevance", () => {
  it("stays within 0..1 and rewards covering every term", () => {
    expect(calibratedRelevance(1, 1)).toBe(1);
    expect(calibratedRelevance(1, 0)).toBe(0.5);
    expect(calibratedRelevance(Number.NaN, 2)).toBe(0.5);
    expect(termCoverage(["a", "b"], ["b", "c"])).toBe(0.5);
    expect(termCoverage([], ["b"])).toBe(0);
  });
});
