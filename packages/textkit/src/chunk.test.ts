import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chunkMarkdown } from "./chunk";
import { tokenize } from "./tokenize";

// The diff package is a dependency of textkit, so its markdown files are always installed.
const readme = readFileSync(new URL("../../../node_modules/diff/README.md", import.meta.url), "utf8");
const releaseNotes = readFileSync(
  new URL("../../../node_modules/diff/release-notes.md", import.meta.url),
  "utf8",
);

const words = (count: number, word = "retention") => Array.from({ length: count }, () => word).join(" ");

function fenceCount(text: string): number {
  return text.split("\n").filter((line) => /^\s*```/.test(line)).length;
}

describe("chunkMarkdown on a real README", () => {
  const passages = chunkMarkdown(readme);
  const lines = readme.split("\n");

  it("numbers passages in order and quotes the source lines they name", () => {
    expect(passages.length).toBeGreaterThan(20);
    passages.forEach((passage, index) => {
      expect(passage.ordinal).toBe(index);
      const source = lines.slice(passage.startLine - 1, passage.endLine).join("\n");
      expect(source).toContain(passage.text);
      expect(passage.wordCount).toBe(tokenize(passage.text).length);
    });
  });

  it("carries the heading path and never crosses a heading", () => {
    const universal = passages.filter((passage) => passage.heading === "Universal options");
    expect(universal.length).toBeGreaterThan(0);
    for (const passage of universal) {
      expect(passage.headingPath).toEqual(["jsdiff", "API", "Universal options"]);
    }
    expect(universal.some((passage) => passage.text.includes("maxEditLength"))).toBe(true);
    for (const passage of passages) {
      const outsideCode = passage.text.replace(/```[\s\S]*?```/g, "");
      expect(outsideCode).not.toMatch(/^#{1,6} /m);
    }
  });

  it("keeps every fenced code block whole and stays within the word limits", () => {
    for (const passage of passages) {
      expect(fenceCount(passage.text) % 2).toBe(0);
      const hasCode = fenceCount(passage.text) > 0;
      expect(passage.wordCount).toBeLessThanOrEqual(hasCode ? 600 : 300);
    }
  });

  it("covers every line of content exactly once", () => {
    const covered = new Map<number, number>();
    for (const passage of passages) {
      for (let line = passage.startLine; line <= passage.endLine; line++) {
        covered.set(line, (covered.get(line) ?? 0) + 1);
      }
    }
    lines.forEach((line, index) => {
      const isContent = line.trim() !== "" && !/^#{1,6} /.test(line);
      if (isContent) expect(covered.get(index + 1), `line ${index + 1}: ${line}`).toBe(1);
    });
  });

  it("is deterministic", () => {
    expect(chunkMarkdown(readme)).toEqual(passages);
  });

  it("merges short release notes under one heading but not across headings", () => {
    const notes = chunkMarkdown(releaseNotes);
    const v800 = notes.filter((passage) => passage.heading === "8.0.0");
    expect(v800.length).toBeGreaterThan(1);
    for (const passage of v800) expect(passage.wordCount).toBeGreaterThanOrEqual(100);
    const v521 = notes.filter((passage) => passage.heading === "v5.2.1 (deprecated)");
    expect(v521.map((passage) => passage.text)).toEqual(["Accidental release - do not use."]);
  });
});

describe("chunkMarkdown rules", () => {
  it("gives text before the first heading a null heading and an empty path", () => {
    const [first] = chunkMarkdown("Preamble text.\n\n# Title\n\nBody.");
    expect(first).toMatchObject({ heading: null, headingPath: [], text: "Preamble text." });
  });

  it("strips inline markdown from headings and handles setext headings", () => {
    const markdown = "Policy **Manual**\n===\n\n## The [retention](#r) `rules`\n\nKeep it.";
    const [passage] = chunkMarkdown(markdown);
    expect(passage?.headingPath).toEqual(["Policy Manual", "The retention rules"]);
  });

  it("splits an over-long paragraph of real prose between sentences", () => {
    const prose = readme
      .split("\n")
      .filter((line) => /^[A-Z][a-z].*[a-z][.:]$/.test(line))
      .join(" ");
    expect(tokenize(prose).length).toBeGreaterThan(450);
    const passages = chunkMarkdown(`# Long\n\n${prose}`, { minWords: 50, maxWords: 150 });
    expect(passages.length).toBeGreaterThanOrEqual(3);
    for (const passage of passages) {
      expect(passage.wordCount).toBeLessThanOrEqual(150);
      expect(passage.text).toMatch(/[.:]$/);
      expect(passage.startLine).toBe(3);
    }
    expect(passages.map((passage) => passage.text).join(" ")).toBe(prose);
  });

  it("keeps a code block or table up to twice maxWords whole, and splits a larger one by lines", () => {
    const table = [
      "| word | count |",
      "|---|---|",
      ...Array.from({ length: 30 }, (_, i) => `| ${words(2)} | ${i} |`),
    ];
    const whole = chunkMarkdown(table.join("\n"), { maxWords: 60 });
    expect(whole).toHaveLength(1);
    expect(whole[0]?.wordCount).toBe(92); // over maxWords, within twice it

    const code = ["```", ...Array.from({ length: 40 }, () => words(5, "token")), "```"].join("\n");
    const split = chunkMarkdown(code, { minWords: 20, maxWords: 60 });
    expect(split.length).toBeGreaterThan(3);
    for (const passage of split) expect(passage.wordCount).toBeLessThanOrEqual(60);
    expect(split.map((passage) => `${passage.startLine}-${passage.endLine}`)[0]).toBe("1-13"); // the opening fence and 12 lines of 5 words
  });

  it("does not take a heading-like line inside a code fence for a heading", () => {
    const passages = chunkMarkdown("# Shell\n\n```sh\n# not a heading\necho hi\n```\n");
    expect(passages).toHaveLength(1);
    expect(passages[0]?.headingPath).toEqual(["Shell"]);
  });

  it("joins a short tail to the passage before it", () => {
    const markdown = [words(120), words(120), words(30)].join("\n\n");
    const passages = chunkMarkdown(markdown);
    expect(passages.map((passage) => passage.wordCount)).toEqual([120, 150]);
  });

  it("returns no passages for empty input", () => {
    expect(chunkMarkdown("")).toEqual([]);
    expect(chunkMarkdown("# Only a heading")).toEqual([]);
  });
});
