import { describe, expect, it } from "vitest";
import { PASSAGE_BATCH } from "../modules/search/passage-writes";
// Resolves to the worker's .mjs entry, which exports only the task runner.
import run, { type EmbeddedPassage } from "./text-work-worker";

/** A passage is cut at the size of one write to the search index. */
const MAX_PASSAGE_CHARS = PASSAGE_BATCH.chars;

const passagesOf = (content: string) =>
  run({
    kind: "passages",
    content,
    chunking: { minWords: 100, maxWords: 300 },
    model: null,
  }) as EmbeddedPassage[];

describe("search passages", () => {
  it("cut a run without spaces into pieces of at most one write's size, keeping every character", () => {
    const token = "x".repeat(5 * MAX_PASSAGE_CHARS + 17);
    const passages = passagesOf(`# Register\n\n${token}\n`);
    expect(passages.length).toBe(6);
    expect(Math.max(...passages.map((p) => p.text.length))).toBeLessThanOrEqual(MAX_PASSAGE_CHARS);
    expect(passages.map((p) => p.text).join("")).toContain(token);
    expect(passages.map((p) => p.ordinal)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("cut after a space where a long passage has one, and leave ordinary passages whole", () => {
    const long = Array.from({ length: 200 }, (_, i) => `${"y".repeat(60)}${i}`).join(" ");
    const passages = passagesOf(long);
    expect(passages.every((p) => p.text.length <= MAX_PASSAGE_CHARS)).toBe(true);
    expect(passages.slice(0, -1).every((p) => p.text.endsWith(" "))).toBe(true);
    const prose = "Every invoice needs a second approval above the threshold. ".repeat(30);
    expect(passagesOf(prose).map((p) => p.text.trim())).toEqual([prose.trim()]);
  });
});
