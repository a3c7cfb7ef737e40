import { describe, expect, it } from "vitest";
import { analyseQuestion } from "./question";
import { fitLogistic, logisticProbability } from "./logistic";
import { askedShare, passageTerms, rerankFeatures } from "./rerank";
import { answersKind, chooseSentences, QUOTE_TUNING, quoteAnswer, quotableSentences } from "./quote";

describe("analyseQuestion", () => {
  it("takes the framing off and keeps what the question is about", () => {
    expect(analyseQuestion("How do I see what's inside a tarball without unpacking it?").query).toBe(
      "see inside tarball unpacking",
    );
    expect(analyseQuestion("Show me the API documentation for user endpoints").query).toBe(
      "api user endpoints",
    );
    expect(analyseQuestion("How do I?").asked).toEqual([]);
  });

  it("keeps each word as typed and as its stem", () => {
    expect(analyseQuestion("Which files are compressed?").asked).toEqual([
      { word: "files", stem: "file" },
      { word: "compressed", stem: "compress" },
    ]);
  });
});

describe("rerankFeatures", () => {
  const asked = analyseQuestion("How many days notice before termination?").asked;
  const ctx = { asked, idf: new Map(asked.map((a) => [a.stem, 1])), synonyms: new Map(), averageLength: 20 };
  const signals = { search: 0.5, searchPassage: 0, documentRank: 0, semantic: 0, documentCoverage: 1 };
  const features = (text: string, heading: string | null = null) =>
    rerankFeatures(ctx, passageTerms({ title: "Agreement", heading, text }), signals);

  it("rates a passage stating every asked word close together above one that scatters them", () => {
    const near = features("Termination needs 30 days notice in writing.");
    const far = features(`Notice ${"filler ".repeat(40)} days ${"filler ".repeat(40)} termination.`);
    expect(near.coverage).toBe(1);
    expect(near.proximity).toBeGreaterThan(far.proximity);
    expect(near.bm25).toBeGreaterThan(far.bm25);
  });

  it("counts a heading match and a morphological variant apart from the exact word", () => {
    const f = features("The term ends after thirty noticed days.", "Termination");
    expect(f.heading).toBeGreaterThan(0);
    expect(f.variants).toBeGreaterThan(0);
  });
});

describe("rerankFeatures and a question's function words", () => {
  it("counts a question's word for nothing against a text whose language's function word it is", () => {
    const asked = analyseQuestion("der Vertrag").asked;
    expect(asked.map((a) => a.word)).toEqual(["der", "vertrag"]);
    const ctx = { asked, idf: new Map(asked.map((a) => [a.stem, 1])), synonyms: new Map(), averageLength: 5 };
    const signals = { search: 0.5, searchPassage: 0, documentRank: 0, semantic: 0, documentCoverage: 1 };
    const text = "Ein Vertrag gilt zwei Jahre.";
    const german = passageTerms({ title: "", heading: null, text, language: "deu" });
    expect(rerankFeatures(ctx, german, signals).coverage).toBe(1);
    expect(askedShare(ctx, new Set(german.stems), "deu")).toBe(1);
    expect(rerankFeatures(ctx, passageTerms({ title: "", heading: null, text }), signals).coverage).toBe(0.5);
    expect(askedShare(ctx, new Set(german.stems))).toBe(0.5);
  });
});

describe("rerankFeatures in a passage's language", () => {
  const asked = analyseQuestion("Verträge Lieferanten Kündigung").asked;
  const ctx = { asked, idf: new Map(asked.map((a) => [a.stem, 1])), synonyms: new Map(), averageLength: 20 };
  const signals = { search: 0.5, searchPassage: 0, documentRank: 0, semantic: 0, documentCoverage: 1 };
  const text = "Der Vertrag mit dem Lieferanten endet nach einer Kündigung.";

  it("compares a German passage with the question stemmed as German", () => {
    const german = passageTerms({ title: "Lieferant", heading: null, text, language: "deu" });
    const f = rerankFeatures(ctx, german, signals);
    expect(f.coverage).toBe(1);
    expect(f.title).toBeCloseTo(1 / 3);
    expect(f.exact).toBeCloseTo(2 / 3);
    expect(f.variants).toBeCloseTo(1 / 3);
    expect(askedShare(ctx, new Set(german.stems), "deu")).toBe(1);
    // Read as English, "Vertrag" is another word than "Verträge".
    const english = rerankFeatures(ctx, passageTerms({ title: "Lieferant", heading: null, text }), signals);
    expect(english.coverage).toBeCloseTo(2 / 3);
    expect(english.variants).toBe(0);
  });
});

describe("fitLogistic", () => {
  it("is deterministic and separates the classes", () => {
    const rows = [
      { x: [1, 0], y: 1 },
      { x: [0.9, 0.1], y: 1 },
      { x: [0.1, 1], y: 0 },
      { x: [0, 0.8], y: 0 },
      { x: [0.2, 0.9], y: 0 },
    ];
    const a = fitLogistic(rows);
    expect(fitLogistic(rows)).toEqual(a);
    expect(logisticProbability(a, [1, 0])).toBeGreaterThan(0.5);
    expect(logisticProbability(a, [0, 1])).toBeLessThan(0.5);
  });
});

describe("quoteAnswer", () => {
  const asked = analyseQuestion("How long is the notice period?").asked;
  const request = { asked, weights: new Map(asked.map((a) => [a.stem, 1])), synonyms: new Map() };
  const passage = (documentId: string, ordinal: number, text: string) => ({
    documentId,
    title: documentId,
    passageId: `${documentId}-${ordinal}`,
    ordinal,
    heading: null,
    text,
  });

  it("quotes the sentences holding the fact in document order with citation numbers", () => {
    const best = passage("a", 2, "Either party may end it. The notice period is 30 days. Lunch is at noon.");
    const before = passage("a", 1, "A notice period longer than the minimum may be agreed in writing.");
    const { answer, citations } = quoteAnswer(request, [[best, before]]);
    expect(answer.indexOf("longer than the minimum")).toBeLessThan(answer.indexOf("30 days"));
    expect(answer).toBe(
      "A notice period longer than the minimum may be agreed in writing [1]. The notice period is 30 days [2].",
    );
    expect(citations.map((c) => c.passageId)).toEqual(["a-1", "a-2"]);
  });

  it("never mixes in another document's own sentences", () => {
    const { answer, citations } = quoteAnswer(request, [
      [passage("a", 0, "The notice period is 30 days.")],
      [passage("b", 0, "Our notice period is one month.")],
    ]);
    expect(answer).toBe("The notice period is 30 days [1].");
    expect(citations.map((c) => c.documentId)).toEqual(["a"]);
  });

  it("cites another document only when it says the whole answer too", () => {
    const a = passage("a", 0, "The notice period is 30 days. A longer notice period may be agreed.");
    const part = passage("b", 0, "The notice period is 30 days. Lunch is at noon.");
    const whole = passage(
      "c",
      4,
      "Preamble. The notice period is 30 days. A longer notice period may be agreed.",
    );
    const partly = quoteAnswer(request, [[a], [part]]);
    expect(partly.citations.map((c) => c.documentId)).toEqual(["a"]);
    const wholly = quoteAnswer(request, [[a], [whole]]);
    expect(wholly.answer).toBe(
      "The notice period is 30 days [1][2]. A longer notice period may be agreed [1][2].",
    );
    expect(wholly.citations.map((c) => [c.documentId, c.quote])).toEqual([
      ["a", "The notice period is 30 days. A longer notice period may be agreed."],
      ["c", "The notice period is 30 days. A longer notice period may be agreed."],
    ]);
  });

  it("says a sentence two copies hold once, citing both", () => {
    const text = "The notice period is 30 days.  Lunch is at noon.";
    const { answer, citations } = quoteAnswer(request, [[passage("a", 0, text)], [passage("b", 3, text)]]);
    expect(answer).toBe("The notice period is 30 days [1][2].");
    expect(citations.map((c) => [c.documentId, c.quote])).toEqual([
      ["a", "The notice period is 30 days."],
      ["b", "The notice period is 30 days."],
    ]);
  });

  it("reads indented plain-text paragraphs as prose", () => {
    const text =
      "      The notice period is thirty days from the date of the letter.\n      It may be extended.";
    expect(quotableSentences(text)[0]).toBe("The notice period is thirty days from the date of the letter.");
  });
});

describe("quotableSentences on manual pages", () => {
  it("keeps an option's name with its description", () => {
    const text =
      "--raw-output / -r:\n\nWith this option, a string result is written without quotes.\n\n--slurp / -s:\n\nRead the entire input into one array.";
    expect(quotableSentences(text)).toEqual([
      "--raw-output / -r: With this option, a string result is written without quotes.",
      "--slurp / -s: Read the entire input into one array.",
    ]);
  });
});

describe("quotableSentences: an option's later sentences and bulleted labels", () => {
  it("quotes a later sentence of an option paragraph with the option it describes", () => {
    const text =
      "-L, --lock\nLock a user's password and the account's logins. This puts a '!' in front, effectively disabling the password.";
    expect(quotableSentences(text)).toEqual([
      "-L, --lock Lock a user's password and the account's logins.",
      "-L, --lock: This puts a '!' in front, effectively disabling the password.",
    ]);
  });

  it("keeps a bulleted option name with its description", () => {
    const text = "○   --compact-output / -c:\n\nBy default, jq pretty-prints JSON output.";
    expect(quotableSentences(text)).toEqual([
      "--compact-output / -c: By default, jq pretty-prints JSON output.",
    ]);
  });
});

/** A one-passage quote group: the document's title and its text. */
const passage = (title: string, text: string) => ({
  documentId: title,
  title,
  passageId: `${title}-0`,
  ordinal: 0,
  heading: null,
  text,
});

describe("expected answers", () => {
  it("reads the kind of answer from the question's framing", () => {
    expect(analyseQuestion("How many lines does head print?").expects).toBe("number");
    expect(analyseQuestion("How do I follow a log file?").expects).toBe("option");
    expect(analyseQuestion("Who wrote the licence?").expects).toBeNull();
  });

  it("prefers the sentence holding a number when the question asks how many", () => {
    const asked = analyseQuestion("How many lines does head print?").asked;
    const p = passage(
      "Manual",
      "Head prints lines of each file. Print the first 10 lines of each named file to the standard output stream unless a different count is given, as the manual describes in its first section.",
    );
    const request = { asked, weights: new Map(asked.map((a) => [a.stem, 1])), synonyms: new Map() };
    expect(quoteAnswer(request, [[p]]).answer).not.toMatch(/10/);
    expect(quoteAnswer({ ...request, expects: "number" as const }, [[p]]).answer).toMatch(/first 10 lines/);
  });

  it("puts the short sentence stating the figure above a longer one naming more asked words", () => {
    const analysis = analyseQuestion("How many retries does the client make by default?");
    const request = {
      asked: analysis.asked,
      weights: new Map(analysis.asked.map((a) => [a.stem, 1])),
      synonyms: new Map(),
      expects: analysis.expects,
    };
    const p = passage(
      "Manual",
      "The client will make retries by default when the network goes down. The default is 3 retries.",
    );
    const units = chooseSentences(request, [p]);
    const best = units.reduce((a, b) => (b.score > a.score ? b : a));
    expect(best.text).toBe("The default is 3 retries.");
  });
});

describe("the document's own name", () => {
  it("does not decide which of its sentences answers", () => {
    const asked = analyseQuestion("Which DOS program is InfoZIP's zip compatible with?").asked;
    const p = passage(
      "Debian package zip",
      [
        "This is InfoZIP's zip program.",
        "The zip program stores files.",
        "Zip program options are listed below.",
        "The zip program runs on many systems.",
        "It produces files that are fully compatible with the popular PKZIP program; however, the command line options are not identical.",
      ].join(" "),
    );
    const request = { asked, weights: new Map(asked.map((a) => [a.stem, 1])), synonyms: new Map() };
    const answer = quoteAnswer(request, [[p]]).answer;
    expect(answer).toMatch(/compatible with the popular PKZIP program/);
  });
});

describe("quote tuning", () => {
  it("takes its sentence count and keep share from the request when a fit tries other values", () => {
    const asked = analyseQuestion("Which files does the tool compress and keep?").asked;
    const p = passage(
      "Manual",
      "The tool will compress files it is given. It can keep the original files. Files are compressed and kept when asked.",
    );
    const request = { asked, weights: new Map(asked.map((a) => [a.stem, 1])), synonyms: new Map() };
    expect(chooseSentences(request, [p]).length).toBeGreaterThan(1);
    const one = { ...QUOTE_TUNING, maxSentences: 1 };
    expect(chooseSentences({ ...request, tuning: one }, [p])).toHaveLength(1);
  });
});

describe("answersKind", () => {
  it("says whether the quoted sentences give the kind of answer asked for", () => {
    expect(answersKind("number", ["The notice period is 30 days."])).toBe(1);
    expect(answersKind("number", ["The notice period is thirty days."])).toBe(1);
    expect(answersKind("number", ["Notice must be given in writing."])).toBe(-1);
    expect(answersKind("option", ["Use --ignore-case to match either case."])).toBe(1);
    expect(answersKind("option", ["Case is ignored when asked."])).toBe(-1);
    expect(answersKind(null, ["Anything at all."])).toBe(0);
  });
});
