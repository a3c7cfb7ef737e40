import { describe, expect, it } from "vitest";
import { lemmaCandidates, synonymsOf } from "./wordnet";

describe("WordNet synonyms", () => {
  it("finds synonyms of common senses, also for inflected words", () => {
    expect(synonymsOf("car")).toContain("automobile");
    expect(synonymsOf("cars")).toContain("automobile");
    expect(synonymsOf("purchase")).toContain("buy");
  });

  it("answers nothing for words WordNet does not know", () => {
    expect(synonymsOf("zzqxv")).toEqual([]);
  });

  it("reduces regular inflections before the lookup", () => {
    expect(lemmaCandidates("policies")).toContain("policy");
    expect(lemmaCandidates("approved")).toEqual(expect.arrayContaining(["approv", "approve"]));
  });
});
