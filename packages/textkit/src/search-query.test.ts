import { describe, expect, it } from "vitest";
import { anyWordQuery, parseSearchQuery, searchableText } from "./search-query";

describe("parseSearchQuery", () => {
  it("reads plain words as positive terms, stemmed, without stop words", () => {
    const parsed = parseSearchQuery("the retention policies");
    expect(parsed.positiveWords).toEqual(["the", "retention", "policies"]);
    expect(parsed.positiveTerms).toEqual(["retent", "polici"]);
    expect(parsed.hasOperators).toBe(false);
  });

  it("reads quoted phrases, or and exclusions like websearch_to_tsquery", () => {
    const parsed = parseSearchQuery('"data retention" or backup -draft -"old plan"');
    expect(parsed.phrases).toEqual(["data retention"]);
    expect(parsed.positiveWords).toEqual(["data", "retention", "backup"]);
    expect(parsed.excludedWords).toEqual(["draft", "old", "plan"]);
    expect(parsed.hasOperators).toBe(true);
  });

  it("keeps an excluded word out of the positive terms even when also given plainly", () => {
    expect(parseSearchQuery("budget -budgets").positiveWords).toEqual([]);
  });

  it("treats an unclosed quote as a phrase to the end", () => {
    expect(parseSearchQuery('"incident response').phrases).toEqual(["incident response"]);
  });

  it("treats a lone minus and the word OR in any case as operators, not words", () => {
    expect(parseSearchQuery("alpha OR beta - gamma").positiveWords).toEqual(["alpha", "beta", "gamma"]);
  });

  it("reads a dash standing alone as punctuation and a quoted single word as the word", () => {
    const dashed = parseSearchQuery("X C Binding -- cursor - shared library");
    expect(dashed.hasOperators).toBe(false);
    expect(dashed.positiveWords).toEqual(["x", "c", "binding", "cursor", "shared", "library"]);
    expect(dashed.strictQuery).toBe("X C Binding cursor shared library");
    const quoted = parseSearchQuery('type of data using "magic" numbers');
    expect(quoted.hasOperators).toBe(false);
    expect(quoted.positiveWords).toContain("magic");
    expect(parseSearchQuery('"magic numbers" -file').hasOperators).toBe(true);
    expect(parseSearchQuery("magic -file").strictQuery).toBe("magic -file");
  });
});

describe("anyWordQuery", () => {
  it("joins content words with or and splits compounds", () => {
    expect(anyWordQuery(["the", "data-retention", "policy", "policy"])).toBe("data or retention or policy");
  });

  it("drops quote characters so no user text changes the syntax", () => {
    expect(anyWordQuery(['a"b', "-c"])).toBe("b or c");
  });
});

describe("searchableText", () => {
  it("sets slashes and dots between letters apart, leaving numbers and other dots whole", () => {
    expect(searchableText("CD/DVD burning, read/write")).toBe("CD / DVD burning, read / write");
    expect(searchableText("Node.js and GHC.Generics")).toBe("Node . js and GHC . Generics");
    expect(searchableText("version 2.0.1 ends.")).toBe("version 2.0.1 ends.");
    expect(parseSearchQuery('"read/write" -TCP/IP').strictQuery).toBe('"read / write" -"TCP / IP"');
    expect(parseSearchQuery('"use CD/DVD" or tape -').strictQuery).toBe('"use CD / DVD" or tape');
  });

  it("stays linear on hostile input", () => {
    const hostile = "a.".repeat(200_000) + "/".repeat(200_000);
    const started = performance.now();
    expect(searchableText(hostile).length).toBeGreaterThan(hostile.length);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
