import { readdirSync, readFileSync } from "node:fs";
import type { Nodes, Root } from "mdast";
import { describe, expect, it } from "vitest";
import { convertToMarkdown } from "./convert";
import { markdownToDocx, parseMarkdown } from "./markdown-docx";

/** The demo archive's versions, as the seed reads them (src/demo/content/<slug>/vN.md). */
const demoFolder = new URL("../demo/content/", import.meta.url);
const demoVersions = readdirSync(demoFolder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(new URL(`${entry.name}/`, demoFolder))
      .filter((file) => file.endsWith(".md"))
      .map((file) => ({
        name: `${entry.name}/${file}`,
        markdown: readFileSync(new URL(`${entry.name}/${file}`, demoFolder), "utf8"),
      })),
  );

function textOf(node: Nodes): string {
  if ("value" in node) return node.value;
  if ("children" in node) return node.children.map((child) => textOf(child as Nodes)).join("");
  return "";
}

const words = (text: string) => text.replace(/\s+/g, " ").trim();

/** What a reader must find again: every heading, list item (its first paragraph) and table cell, in order. */
function facts(tree: Root) {
  const found = { headings: [] as string[], items: [] as string[], cells: [] as string[] };
  const visit = (node: Nodes) => {
    if (node.type === "heading") found.headings.push(words(textOf(node)));
    if (node.type === "listItem") {
      const first = node.children.find((child) => child.type === "paragraph");
      found.items.push(first ? words(textOf(first)) : "");
    }
    if (node.type === "tableCell") found.cells.push(words(textOf(node)));
    if ("children" in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return found;
}

async function roundTrip(markdown: string, title: string) {
  const bytes = await markdownToDocx({ markdown, title });
  return convertToMarkdown(bytes, "docx");
}

describe("markdown → DOCX → markdown", () => {
  it("has the demo archive to read, with headings, lists and tables in it", () => {
    expect(demoVersions.length).toBeGreaterThan(40);
    const all = demoVersions.map(({ markdown }) => facts(parseMarkdown(markdown)));
    for (const kind of ["headings", "items", "cells"] as const)
      expect(all.filter((found) => found[kind].length > 0).length, kind).toBeGreaterThan(5);
  });

  it.each(demoVersions)(
    "keeps the headings, list items and table cells of $name",
    { timeout: 30_000 },
    async ({ name, markdown }) => {
      const back = await roundTrip(markdown, name);
      expect(back.title).toBe(name);
      const before = facts(parseMarkdown(markdown));
      const after = facts(parseMarkdown(back.markdown));
      expect(after.headings).toEqual(before.headings);
      expect(after.items).toEqual(before.items);
      expect(after.cells).toEqual(before.cells);
    },
  );

  it("keeps emphasis, code, links, quotes, code blocks and nesting", async () => {
    const markdown = [
      "# Title",
      "",
      "Some **bold**, _italic_, `code`, ~~struck~~ and a [link](https://example.com/a).",
      "",
      "1. One",
      "2. Two",
      "   - Two, nested",
      "",
      "> Quoted words",
      "",
      "```",
      "const a = 1;",
      "  indented();",
      "```",
      "",
    ].join("\n");
    const back = (await roundTrip(markdown, "Marks")).markdown;
    expect(back).toContain(
      "Some **bold**, _italic_, `code`, ~~struck~~ and a [link](https://example.com/a).",
    );
    expect(back).toMatch(/1\. One\n2\. Two\n {3}- Two, nested/);
    expect(back).toContain("> Quoted words");
    expect(back).toContain("```\nconst a = 1;\n  indented();\n```");
  });

  it("leaves out what XML cannot hold and links that run script, and still makes a file that opens", async () => {
    const markdown = "# Bell\u0007 title\n\nA [trap](javascript:alert(1)) and a lone \uD800 half.\n";
    const back = await roundTrip(markdown, "Odd\u0001 title");
    expect(back.title).toBe("Odd title");
    expect(back.markdown).toBe("# Bell title\n\nA trap and a lone \uFFFD half.\n");
  });

  it("numbers each ordered list from one", async () => {
    const back = (await roundTrip("1. a\n2. b\n\nBetween.\n\n1. c\n2. d\n", "Lists")).markdown;
    expect(back).toBe("1. a\n2. b\n\nBetween.\n\n1. c\n2. d\n");
  });
});
