import { describe, expect, it } from "vitest";
import { growthOf, LINEAR_GROWTH_LIMIT } from "../test/growth";
import { anyWordQuery, parseSearchQuery, searchableText } from "./search-query";

describe("parseSearchQuery", () => {
  it("reads plain words as positive terms, stemmed, without stop words", () => {
    const parsed = parseSearchQuery("the retention policies");
    expect(parsed.positiveWords).toEqual(["the", "retention", "policies"]);
    expect(parsed.positiveTerms).toEqual(["retent", "polici"]);
    expect(parsed.hasOperators).toBe(false);
  });

  it("reads quoted phrases, capital OR and exclusions", () => {
    const parsed = parseSearchQuery('"data retention" OR backup -draft -"old plan"');
    expect(parsed.phrases).toEqual(["data retention"]);
    expect(parsed.positiveWords).toEqual(["data", "retention", "backup"]);
    expect(parsed.excludedWords).toEqual(["draft", "old", "plan"]);
    expect(parsed.hasOperators).toBe(true);
    expect(parsed.strictQuery).toBe('"data retention" OR backup -draft -"old plan"');
    expect(parsed.excludedQuery).toBe('draft OR "old plan"');
  });

  it("keeps an excluded word out of the positive terms even when also given plainly", () => {
    expect(parseSearchQuery("budget -budgets").positiveWords).toEqual([]);
  });

  it("treats an unclosed quote as a phrase to the end", () => {
    expect(parseSearchQuery('"incident response').phrases).toEqual(["incident response"]);
  });

  it("reads a lowercase or as a word and only a capital OR as an operator", () => {
    const sentence = parseSearchQuery("inject plugin or plugout events");
    expect(sentence.hasOperators).toBe(false);
    expect(sentence.positiveWords).toEqual(["inject", "plugin", "or", "plugout", "events"]);
    expect(sentence.strictQuery).toBe("inject plugin plugout events");
    const alternatives = parseSearchQuery("alpha OR beta - gamma");
    expect(alternatives.hasOperators).toBe(true);
    expect(alternatives.positiveWords).toEqual(["alpha", "beta", "gamma"]);
    expect(alternatives.strictQuery).toBe("alpha OR beta gamma");
  });

  it("ranks by a phrase among other words instead of requiring it, and requires a phrase alone", () => {
    const mixed = parseSearchQuery('the "budget review" of zephyr');
    expect(mixed.hasOperators).toBe(false);
    expect(mixed.phraseQueries).toEqual(['"budget review"']);
    expect(parseSearchQuery('"budget review"').hasOperators).toBe(true);
    expect(parseSearchQuery('"budget review" -draft').hasOperators).toBe(true);
  });

  it("excludes only a dash-led word after a space, never a compound, an option or a number", () => {
    const parsed = parseSearchQuery("plug-in e-mail --verbose -5 degrees -draft");
    expect(parsed.excludedWords).toEqual(["draft"]);
    expect(parsed.positiveWords).toEqual(expect.arrayContaining(["plug-in", "verbose", "5", "degrees"]));
    expect(parsed.hasOperators).toBe(false);
    expect(parsed.excludedQuery).toBe("draft");
    expect(parseSearchQuery("plain words").excludedQuery).toBeNull();
  });

  it("reads a dash in a pasted sentence as part of its word, never as an exclusion", () => {
    const pasted = parseSearchQuery("A PKCS#12 file can be created by using the -export option (see below).");
    expect(pasted.excludedWords).toEqual([]);
    expect(pasted.excludedQuery).toBeNull();
    expect(pasted.positiveWords).toContain("export");
    expect(parseSearchQuery("pkcs12 file created -export").excludedWords).toEqual(["export"]);
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
    expect(parseSearchQuery('"use CD/DVD" OR tape -').strictQuery).toBe('"use CD / DVD" OR tape');
  });

  it("never leaves a tag for PostgreSQL's parser to read, so no word inside or after one is dropped", () => {
    expect(searchableText('<script src="/a.js"></script> x')).toBe('< script src=" / a . js"><  / script> x');
    expect(searchableText("<style>p {}</style> <!-- a --> <?xml?> a<b")).toBe(
      "< style>p {}<  / style> < !-- a --> < ?xml?> a< b",
    );
    expect(parseSearchQuery("<script>").strictQuery).toBe('"< script>"');
  });

  it("stays linear on hostile input", () => {
    const hostile = (n: number) => "a.<".repeat(n) + "/".repeat(n);
    expect(searchableText(hostile(200_000)).length).toBeGreaterThan(400_000);
    expect(growthOf(hostile, searchableText, 200_000)).toBeLessThanOrEqual(LINEAR_GROWTH_LIMIT);
  });
});
