import { describe, expect, it } from "vitest";
import {
  ENGLISH_STOP_WORDS,
  isStopWord,
  stem,
  stemmerOf,
  TEXT_LANGUAGES,
  textLanguage,
  toSearchTerms,
  tokenize,
  tokenizeWithOffsets,
  wordStems,
} from "./tokenize";
import { parseSearchQuery } from "./search-query";

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

describe("a text's language", () => {
  it("is read from a stored language code, English when unknown or undetermined", () => {
    for (const code of TEXT_LANGUAGES) expect(textLanguage(code)).toBe(code);
    for (const code of [null, undefined, "", "por", "ENG", "de"]) expect(textLanguage(code)).toBe("eng");
  });

  it("chooses the stop words: each language's own, English unless one is named", () => {
    // "die" is an English content word and a German article.
    expect(isStopWord("die")).toBe(false);
    expect(isStopWord("die", "deu")).toBe(true);
    expect(isStopWord("the", "deu")).toBe(false);
    for (const [word, language] of [
      ["und", "deu"],
      ["dans", "fra"],
      ["estaba", "spa"],
      ["della", "ita"],
      ["zijn", "nld"],
    ] as const) {
      expect(isStopWord(word, language), word).toBe(true);
      expect(isStopWord(word), word).toBe(false);
    }
    expect(toSearchTerms("Der Vertrag und die Kündigung", { language: "deu" })).toEqual(
      toSearchTerms("Vertrag Kündigung", { language: "deu" }),
    );
    expect(toSearchTerms("die and the rest")).toEqual(["die", "rest"]);
  });

  it("leaves English as it was: the default, with Porter2 and the English stop words", () => {
    const text = "The policies of the Data-Retention office, retained for 3.5 years";
    expect(toSearchTerms(text, { language: "eng" })).toEqual(toSearchTerms(text));
    expect(toSearchTerms(text)).toEqual(["polici", "data-retent", "offic", "retain", "3.5", "year"]);
    expect(stemmerOf("eng")).toBe(stem);
    const parsed = parseSearchQuery("the retained policies of an office");
    expect(wordStems(parsed.positiveWords)).toEqual(parsed.positiveTerms);
    expect(wordStems(parsed.positiveWords, "eng")).toEqual(["retain", "polici", "offic"]);
  });

  it("reads a query's words in another language without that language's stop words", () => {
    expect(wordStems(["die", "vertrag", "die"], "deu")).toEqual([stemmerOf("deu")("vertrag")]);
    expect(wordStems(["die", "vertrag"])).toEqual(["die", stem("vertrag")]);
  });
});
