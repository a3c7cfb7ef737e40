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
import { growthOf, LINEAR_GROWTH_LIMIT } from "../test/growth";

/**
 * Every check that reads a user's text runs on the request path: each must stay linear. These
 * are the shapes that make backtracking patterns quadratic or worse, at 200,000 characters.
 */
const SIZE = 200_000;
const shapes: Record<string, (size: number) => string> = {
  "letters without spaces": (n) => "a".repeat(n),
  "a@ repeated": (n) => "a@".repeat(n / 2),
  "dots and dashes": (n) => ".-".repeat(n / 2),
  "digits and spaces": (n) => "1 2-3 ".repeat(n / 6),
  "an e-mail's start without its end": (n) => `${"x.".repeat(n / 2)}@`,
  "letters then a bang": (n) => `${"ab1".repeat(n / 3)}!`,
  "nested brackets": (n) => "[".repeat(n / 2) + "]".repeat(n / 2),
  "emphasis markers": (n) => "*_".repeat(n / 2),
  "a heading of one long word": (n) => `# ${"w".repeat(n)}`,
  capitals: (n) => "ABC ".repeat(n / 4),
  "clause numbers": (n) => "1.2.3.4.5.".repeat(n / 10),
  "money and dates": (n) => "€1,000,000.00 on 2026-11-25 ".repeat(n / 28),
  "one long line of words": (n) => "word ".repeat(n / 5),
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

describe("every text check stays linear on hostile input", () => {
  for (const [name, check] of Object.entries(checks)) {
    it(`${name}: each 200,000-character shape grows linearly`, { timeout: 120_000 }, () => {
      const steep: string[] = [];
      for (const [shape, make] of Object.entries(shapes)) {
        const growth = growthOf(make, check, SIZE);
        if (growth > LINEAR_GROWTH_LIMIT) steep.push(`${shape}: ${growth.toFixed(0)}× for 8× the text`);
      }
      expect(steep).toEqual([]);
    });
  }

  it("random mixes of the risky characters stay fast too", { timeout: 120_000 }, () => {
    const alphabet = fc.constantFrom("a", "@", ".", "-", "1", " ", "*", "[", "]", "#", "\n", "A", "€", ",");
    fc.assert(
      fc.property(fc.array(alphabet, { minLength: 20_000, maxLength: 20_000 }), (chars) => {
        const text = chars.join("");
        const prefix = (size: number) => text.slice(0, size);
        for (const check of Object.values(checks))
          expect(growthOf(prefix, check, text.length)).toBeLessThanOrEqual(LINEAR_GROWTH_LIMIT);
      }),
      { numRuns: 5, seed: 20261125 },
    );
  });
});
