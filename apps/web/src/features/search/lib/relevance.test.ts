import { describe, expect, it } from "vitest";
import { relevancePercent, relevanceStars } from "./relevance";

describe("relevanceStars", () => {
  it("is score × 5 rounded", () => {
    expect(relevanceStars(0)).toBe(0);
    expect(relevanceStars(0.09)).toBe(0);
    expect(relevanceStars(0.1)).toBe(1);
    expect(relevanceStars(0.5)).toBe(3);
    expect(relevanceStars(0.69)).toBe(3);
    expect(relevanceStars(0.7)).toBe(4);
    expect(relevanceStars(0.92)).toBe(5);
    expect(relevanceStars(1)).toBe(5);
  });
  it("clamps scores outside 0–1 and non-numbers", () => {
    expect(relevanceStars(1.4)).toBe(5);
    expect(relevanceStars(-0.2)).toBe(0);
    expect(relevanceStars(Number.NaN)).toBe(0);
  });
});

describe("relevancePercent", () => {
  it("rounds to a whole percent", () => {
    expect(relevancePercent(0.876)).toBe(88);
    expect(relevancePercent(0.5)).toBe(50);
  });
});
