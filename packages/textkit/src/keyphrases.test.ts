import { describe, expect, it } from "vitest";
import { topKeyphrases } from "./keyphrases";

describe("topKeyphrases", () => {
  it("finds the phrases that recur across texts, in their commonest spelling", () => {
    const texts = [
      "Data retention rules for customer records.",
      "The data retention schedule is reviewed yearly.",
      "Incident response: who is on call.",
      "Incident response drills and data retention.",
    ];
    const phrases = topKeyphrases(texts, { limit: 3 });
    expect(phrases[0]).toBe("data retention");
    expect(phrases).toContain("incident response");
    expect(phrases).not.toContain("retention");
  });

  it("returns nothing for texts with nothing in common", () => {
    expect(topKeyphrases(["alpha beta", "gamma delta"])).toEqual([]);
  });
});
