import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { growthOf, LINEAR_GROWTH_LIMIT } from "../test/growth";
import { splitSentences } from "./sentences";

const texts = (input: string) => splitSentences(input).map((unit) => unit.text);

describe("splitSentences", () => {
  it("does not end a sentence at abbreviations, initials, acronyms or decimals", () => {
    const input =
      "Mr. Smith met Dr. Jones at 3.5 p.m. today. They discussed e.g. retention, i.e. how long " +
      "data is kept. See No. 5 and Fig. 2 for details. J. R. R. Tolkien wrote it in the U.S. and " +
      "the U.K. later. Prices rose 2.75% vs. last year! Is that right? Yes.";
    expect(texts(input)).toEqual([
      "Mr. Smith met Dr. Jones at 3.5 p.m. today.",
      "They discussed e.g. retention, i.e. how long data is kept.",
      "See No. 5 and Fig. 2 for details.",
      "J. R. R. Tolkien wrote it in the U.S. and the U.K. later.",
      "Prices rose 2.75% vs. last year!",
      "Is that right?",
      "Yes.",
    ]);
  });

  it("ends at 'etc.' or 'No.' when a new sentence follows, and keeps closing quotes", () => {
    expect(texts('Bring pens, paper, etc. The meeting starts soon. He said "No." Then he left.')).toEqual([
      "Bring pens, paper, etc.",
      "The meeting starts soon.",
      'He said "No."',
      "Then he left.",
    ]);
  });

  it("treats headings and list items as their own units and soft-wrapped lines as one", () => {
    const input = [
      "# Data retention",
      "Personal data is kept for",
      "six years. It is then erased",
      "",
      "1. Owners review the policy yearly. They sign it.",
      "2. Exceptions need approval",
      "- A bullet without a full stop",
      "",
      "Closing words",
      "=============",
    ].join("\n");
    expect(splitSentences(input).map(({ kind, text }) => [kind, text])).toEqual([
      ["heading", "Data retention"],
      ["sentence", "Personal data is kept for six years."],
      ["sentence", "It is then erased"],
      ["list-item", "Owners review the policy yearly."],
      ["list-item", "They sign it."],
      ["list-item", "Exceptions need approval"],
      ["list-item", "A bullet without a full stop"],
      ["heading", "Closing words"],
    ]);
  });

  it("keeps fenced code and tables whole, even when they contain full stops", () => {
    const input =
      "Intro. Then code:\n\n```js\nconst a = 1. toString();\n// Ends. Here.\n```\n\n| a. | b. |\n|---|---|\n| 1 | 2 |\n";
    expect(splitSentences(input).map((unit) => unit.kind)).toEqual(["sentence", "sentence", "code", "table"]);
    expect(splitSentences(input)[2]?.text).toBe("```js\nconst a = 1. toString();\n// Ends. Here.\n```");
  });

  it("reports offsets that point at each unit in the source, on a real README", () => {
    // The diff package is a dependency of textkit, so its README is always installed.
    const readme = readFileSync(new URL("../../../node_modules/diff/README.md", import.meta.url), "utf8");
    const units = splitSentences(readme);
    expect(units.length).toBeGreaterThan(150);
    for (const unit of units) {
      const source = readme.slice(unit.start, unit.end);
      const normalized = unit.kind === "code" || unit.kind === "table" ? source : source.replace(/\s+/g, " ");
      expect(normalized).toBe(unit.text);
    }
    const prose = units.filter((unit) => unit.kind === "sentence");
    // The README's "(e.g. `new Intl.Segmenter('sv', …)`)" must not be cut after "e.g.".
    expect(prose.some((unit) => unit.text.includes("(e.g. `new Intl.Segmenter("))).toBe(true);
    expect(
      prose.filter((unit) => /\be\.g\.$/.test(unit.text) && !unit.text.endsWith("`diff`. e.g.")),
    ).toEqual([]);
  });

  it("ends sentences at other scripts' full stops, as Unicode's sentence rules do", () => {
    expect(texts("契約は五年間有効です。更新は書面で行います。 The end. Really?")).toEqual([
      "契約は五年間有効です。",
      "更新は書面で行います。",
      "The end.",
      "Really?",
    ]);
    // Line and paragraph separators inside a block are soft wrapping, like a line feed.
    expect(texts("Kept for\u2028six years. Then\u2029erased.")).toEqual([
      "Kept for six years.",
      "Then erased.",
    ]);
  });

  it("keeps a bold run-in label with the sentence it introduces", () => {
    expect(
      texts("2.1 **Least privilege.** Users get only what they need. **Hours.** Core hours are 10 to 4."),
    ).toEqual([
      "2.1 **Least privilege.** Users get only what they need.",
      "**Hours.** Core hours are 10 to 4.",
    ]);
  });

  it("stays linear on many short sentences (V8's segmenter alone is quadratic there)", () => {
    for (const [unit, count, sentences] of [
      ["Yes! ", 40_000, 40_000],
      ["Mr. ", 50_000, 1],
      ["No. 5. ", 30_000, 30_000],
    ] as const) {
      expect(splitSentences(unit.repeat(count))).toHaveLength(sentences);
      const growth = growthOf((n) => unit.repeat(n), splitSentences, count);
      expect(growth, unit).toBeLessThanOrEqual(LINEAR_GROWTH_LIMIT);
    }
    // Room for a loaded machine: the growth ratio, not the wait, is what this test bounds.
  }, 60_000);

  it("returns nothing for blank input and one unit for a single unterminated line", () => {
    expect(splitSentences("  \n\n ")).toEqual([]);
    expect(splitSentences("no punctuation here")).toEqual([
      { text: "no punctuation here", kind: "sentence", start: 0, end: 19 },
    ]);
  });
});
