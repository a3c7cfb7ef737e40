import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  analyseChange,
  assessRisk,
  checkContent,
  chunkMarkdown,
  extractKeyphrases,
  extractKeyPoints,
  findObligations,
  findPersonalData,
  headingOutline,
  highlightExcerpt,
  markdownToPlainText,
  parseSearchQuery,
  readDocumentMetadata,
  splitSentences,
  summarizeDocument,
  tokenize,
} from "./index";

/**
 * Every check that reads a user's text runs on the request path: each must stay linear. These
 * are the shapes that make backtracking patterns quadratic or worse, at 200,000 characters.
 */
const SIZE = 200_000;
const runs: Record<string, string> = {
  "letters without spaces": "a".repeat(SIZE),
  "a@ repeated": "a@".repeat(SIZE / 2),
  "dots and dashes": ".-".repeat(SIZE / 2),
  "digits and spaces": "1 2-3 ".repeat(SIZE / 6),
  "an e-mail's start without its end": `${"x.".repeat(SIZE / 2)}@`,
  "letters then a bang": `${"ab1".repeat(SIZE / 3)}!`,
  "nested brackets": "[".repeat(SIZE / 2) + "]".repeat(SIZE / 2),
  "emphasis markers": "*_".repeat(SIZE / 2),
  "a heading of one long word": `# ${"w".repeat(SIZE)}`,
  capitals: "ABC ".repeat(SIZE / 4),
  "clause numbers": "1.2.3.4.5.".repeat(SIZE / 10),
  "money and dates": "€1,000,000.00 on 2026-11-25 ".repeat(SIZE / 28),
  "one long line of words": "word ".repeat(SIZE / 5),
};

const checks: Record<string, (text: string) => unknown> = {
  findPersonalData: (t) => findPersonalData(t),
  checkContent: (t) => checkContent(t, { title: "T", now: new Date("2026-11-25") }),
  assessRisk: (t) => assessRisk(t, []),
  extractKeyPoints: (t) => extractKeyPoints(t),
  extractKeyphrases: (t) => extractKeyphrases(t),
  findObligations: (t) => findObligations(t),
  readDocumentMetadata: (t) => readDocumentMetadata(t),
  headingOutline: (t) => headingOutline(t),
  splitSentences: (t) => splitSentences(t),
  chunkMarkdown: (t) => chunkMarkdown(t),
  markdownToPlainText: (t) => markdownToPlainText(t),
  highlightExcerpt: (t) => highlightExcerpt(t, ["a", "word"]),
  tokenize: (t) => tokenize(t),
  parseSearchQuery: (t) => parseSearchQuery(t.slice(0, 2_000)),
  summarizeDocument: (t) =>
    summarizeDocument({
      title: "T",
      content: t,
      previousContent: t.slice(0, t.length / 2),
      status: "Draft",
      now: new Date("2026-11-25"),
    }),
  analyseChange: (t) => analyseChange(t, `${t}\nOne more line.`),
};

function seconds(run: () => unknown): number {
  const started = performance.now();
  run();
  return (performance.now() - started) / 1000;
}

describe("every text check stays linear on hostile input", () => {
  for (const [name, check] of Object.entries(checks)) {
    it(`${name}: each 200,000-character shape in under 2 s`, { timeout: 120_000 }, () => {
      const slow: string[] = [];
      for (const [shape, text] of Object.entries(runs)) {
        const took = seconds(() => check(text));
        if (took > 2) slow.push(`${shape}: ${took.toFixed(1)} s`);
      }
      expect(slow).toEqual([]);
    });
  }

  it("random mixes of the risky characters stay fast too", { timeout: 120_000 }, () => {
    const alphabet = fc.constantFrom("a", "@", ".", "-", "1", " ", "*", "[", "]", "#", "\n", "A", "€", ",");
    fc.assert(
      fc.property(fc.array(alphabet, { minLength: 20_000, maxLength: 20_000 }), (chars) => {
        const text = chars.join("");
        for (const check of Object.values(checks)) expect(seconds(() => check(text))).toBeLessThan(1);
      }),
      { numRuns: 5, seed: 20261125 },
    );
  });
});
