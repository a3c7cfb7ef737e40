import { describe, expect, it } from "vitest";
import { calibratedRelevance, termCoverage } from "./relevance";

describe("calibratedRelevance", () => {
  it("stays within 0..1 and rewards covering every term", () => {
    expect(calibratedRelevance(1, 1)).toBe(1);
    expect(calibratedRelevance(1, 0)).toBe(0.5);
    expect(calibratedRelevance(Number.NaN, 2)).toBe(0.5);
    expect(termCoverage(["a", "b"], ["b", "c"])).toBe(0.5);
    expect(termCoverage([], ["b"])).toBe(0);
  });
});
