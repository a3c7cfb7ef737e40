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

describe("stemming in a text's language", () => {
  // Inflections of one word, which their language's Snowball stemmer gives one stem and English
  // (Porter2) does not, except French "contrats"/"contrat", whose plural is English-like.
  const inflections = {
    deu: [
      ["Verträge", "Vertrag", "Verträgen", "Vertrages"],
      ["Lieferanten", "Lieferant"],
    ],
    fra: [
      ["contrats", "contrat"],
      ["principaux", "principal"],
      ["installée", "installés"],
    ],
    spa: [
      ["contratos", "contrato"],
      ["acciones", "acción"],
    ],
    ita: [
      ["contratti", "contratto"],
      ["aziende", "azienda"],
    ],
    nld: [
      ["contracten", "contract"],
      ["facturen", "factuur"],
    ],
  } as const;
  const stemsIn = (words: readonly string[], stemmer: (token: string) => string) =>
    new Set(words.map((word) => stemmer(word.toLowerCase())));

  it.each(Object.entries(inflections))("meets the inflections of a word in %s", (language, groups) => {
    const stemmer = stemmerOf(textLanguage(language));
    for (const words of groups) expect(stemsIn(words, stemmer).size, words.join(" ")).toBe(1);
    // English stemming keeps some of them apart: what stemming each text in its language is for.
    expect(groups.some((words) => stemsIn(words, stem).size > 1)).toBe(true);
  });

  it("compares a German query and text in German stems, whatever their inflections", () => {
    const text = "Die Verträge mit den Lieferanten und der Vertrag mit dem Lieferanten";
    expect(toSearchTerms(text, { language: "deu" })).toEqual([
      "vertrag",
      "lieferant",
      "vertrag",
      "lieferant",
    ]);
    expect(wordStems(["verträgen", "lieferant"], "deu")).toEqual(["vertrag", "lieferant"]);
  });

  it("reads a French or Italian word after its elided article, and compounds part by part", () => {
    const fra = stemmerOf("fra");
    expect(fra("l'entreprise")).toBe(fra("entreprises"));
    expect(fra("qu'elles")).toBe(fra("elles"));
    expect(stemmerOf("ita")("dell'azienda")).toBe(stemmerOf("ita")("aziende"));
    // A word longer than an elided article keeps its apostrophe: the parts are one word.
    expect(fra("aujourd'hui")).toBe("aujourd'hui");
    expect(stemmerOf("deu")("datenschutz-verträge")).toBe("datenschutz-vertrag");
    expect(stemmerOf("deu")("verträge-2024")).toBe("verträge-2024");
  });

  it("bounds its work on tokens no word is as long as: they are kept as they are", () => {
    const long = `${"vertragsbestandteil".repeat(4)}en`;
    expect(long.length).toBeGreaterThan(64);
    for (const language of TEXT_LANGUAGES.filter((l) => l !== "eng"))
      expect(stemmerOf(language)(long), language).toBe(long);
    expect(stemmerOf("deu")(long.slice(-64))).not.toBe(long.slice(-64));
    expect(toSearchTerms(`Verträge ${long}`, { language: "deu" })).toEqual(["vertrag", long]);
  });
});
