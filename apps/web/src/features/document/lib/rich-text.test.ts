import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Editor } from "@tiptap/core";
import { describe, expect, it } from "vitest";
import { fewerEntities, richTextExtensions } from "./rich-text";

/** The demo archive's versions (the server seeds them), one markdown file each. */
const demoFolder = join(import.meta.dirname, "../../../../../server/src/demo/content");
const demoVersions = readdirSync(demoFolder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(join(demoFolder, entry.name))
      .filter((file) => file.endsWith(".md"))
      .map((file) => ({
        name: `${entry.name}/${file}`,
        markdown: readFileSync(join(demoFolder, entry.name, file), "utf8"),
      })),
  );

/**
 * A line's words as a reader sees them: entities read, a link as its text, escapes, emphasis
 * markers and spacing left out.
 */
function words(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\[([^\]]*)\]\((?:mailto:)?[^)]*\)/g, "$1")
    .replace(/<((?:https?:\/\/|mailto:)?[^>\s]+)>/g, "$1")
    .replace(/\\(.)/g, "$1")
    .replace(/[*_`~]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** What the round trip must keep: every heading, list item and table cell, in order. */
function markdownFacts(markdown: string) {
  const facts = { headings: [] as string[], items: [] as string[], cells: [] as string[] };
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || /^\s*(```|~~~)/.test(line)) continue;
    const heading = /^#{1,6}\s+(.*?)(\s+#+)?\s*$/.exec(line);
    const item = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(line);
    if (heading) facts.headings.push(words(heading[1] ?? ""));
    else if (item) facts.items.push(words(item[1] ?? ""));
    else if (/^\s*\|/.test(line) && !/^\s*\|?\s*:?-{3,}/.test(line))
      facts.cells.push(
        ...line
          .trim()
          .replace(/^\||\|$/g, "")
          .split(/(?<!\\)\|/)
          .map(words),
      );
  }
  return facts;
}

/** The markdown as the rich-text mode hands it back after loading it, untouched. */
function throughRichText(markdown: string): string {
  const editor = new Editor({ extensions: richTextExtensions(), content: markdown, contentType: "markdown" });
  try {
    return editor.getMarkdown();
  } finally {
    editor.destroy();
  }
}

describe("the rich-text mode's markdown round trip", () => {
  it("has the demo archive to read", () => {
    expect(demoVersions.length).toBeGreaterThan(40);
  });

  it.each(demoVersions)("keeps the headings, list items and table cells of $name", ({ markdown }) => {
    const before = markdownFacts(markdown);
    const after = markdownFacts(throughRichText(markdown));
    expect(after.headings).toEqual(before.headings);
    expect(after.items).toEqual(before.items);
    expect(after.cells).toEqual(before.cells);
  });

  it("writes &, < and > as themselves, as entities only where markdown would read them otherwise", () => {
    const markdown =
      "Sales & Marketing: a < b > c, &lt;location&gt; and &amp;amp; typed, `a &amp; b` in code.";
    expect(throughRichText(markdown).trim()).toBe(
      "Sales & Marketing: a < b > c, &lt;location> and &amp;amp; typed, `a &amp; b` in code.",
    );
    expect(fewerEntities("&gt; quote &amp;lt; &amp; x")).toBe("&gt; quote &amp;lt; & x");
  });

  it("keeps emphasis, code, links, quotes and code blocks as markdown", () => {
    const markdown = [
      "# Title",
      "",
      "Some **bold**, *italic*, `code` and a [link](https://example.com/a).",
      "",
      "> A quoted line",
      "",
      "```",
      "const a = 1;",
      "```",
    ].join("\n");
    const back = throughRichText(markdown);
    expect(back).toContain("**bold**");
    expect(back).toMatch(/[*_]italic[*_]/);
    expect(back).toContain("`code`");
    expect(back).toContain("[link](https://example.com/a)");
    expect(back).toContain("> A quoted line");
    expect(back).toMatch(/```\s*\nconst a = 1;\n```/);
  });
});
