import { describe, expect, it } from "vitest";
import {
  ENGLISH_STOP_WORDS,
  isStopWord,
  stem,
  toSearchTerms,
  tokenize,
  tokenizeWithOffsets,
} from "./tokenize";

describe("tokenize", () => {
  it("lowercases unicode words and keeps internal apostrophes and hyphens", () => {
    expect(tokenize("Don’t re-use the Café's state-of-the-art 'quoted' words — naïve?")).toEqual([
      "don't",
      "re-use",
      "the",
      "café's",
      "state-of-the-art",
      "quoted",
      "words",
      "naïve",
    ]);
  });

  it("keeps decimals and thousands together but splits sentences glued by a dot", () => {
    expect(tokenize("Version 3.5 costs 1,000 EUR.Next year: 2025-01-31")).toEqual([
      "version",
      "3.5",
      "costs",
      "1,000",
      "eur",
      "next",
      "year",
      "2025-01-31",
    ]);
  });

  it("drops dashes and punctuation that are not inside a word", () => {
    expect(tokenize("-- a - b -c d- (e) [f] _g_")).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
  });

  it("handles non-Latin scripts", () => {
    expect(tokenize("Привет, мир! Ελληνικά κείμενα")).toEqual(["привет", "мир", "ελληνικά", "κείμενα"]);
  });

  it("splits hyphenated compounds on request and reports offsets into the source", () => {
    const text = "The Data-Retention policy";
    const spans = tokenizeWithOffsets(text, { splitHyphens: true });
    expect(spans.map((span) => span.token)).toEqual(["the", "data", "retention", "policy"]);
    for (const span of spans) {
      expect(text.slice(span.start, span.end).toLowerCase()).toBe(span.token);
    }
  });
});

describe("stop words", () => {
  it("covers function words and contractions but not content words", () => {
    for (const word of ["the", "and", "of", "isn't", "won't", "yourselves", "will"]) {
      expect(isStopWord(word)).toBe(true);
    }
    for (const word of ["policy", "retention", "data", "owner"]) {
      expect(isStopWord(word)).toBe(false);
    }
    expect(ENGLISH_STOP_WORDS.size).toBeGreaterThan(150);
  });
});

describe("stem", () => {
  it("applies Porter2, agreeing with PostgreSQL's english lexemes", () => {
    expect(["policy", "policies", "policy's"].map(stem)).toEqual(["polici", "polici", "polici"]);
    expect(stem("connections")).toBe("connect");
    expect(stem("generously")).toBe("generous");
    expect(stem("dying")).toBe("die");
  });

  it("stems compounds part by part and leaves numbers alone", () => {
    expect(stem("data-retention")).toBe("data-retent");
    expect(stem("3.5")).toBe("3.5");
    expect(stem("2025-01-31")).toBe("2025-01-31");
  });
});

describe("toSearchTerms", () => {
  it("drops stop words and stems the rest", () => {
    const text =
      "Personal data shall not be retained for longer than is necessary for the purposes " +
      "for which the personal data are processed.";
    expect(toSearchTerms(text)).toEqual([
      "person",
      "data",
      "shall",
      "retain",
      "longer",
      "necessari",
      "purpos",
      "person",
      "data",
      "process",
    ]);
  });
});
