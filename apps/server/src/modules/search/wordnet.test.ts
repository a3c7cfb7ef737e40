import { describe, expect, it } from "vitest";
import { ContextCaches } from "../../context";
import { lemmaCandidates, synonymsOf as synonymsIn } from "./wordnet";

const ctx = { caches: new ContextCaches() };
const synonymsOf = (word: string) => synonymsIn(ctx, word);

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
