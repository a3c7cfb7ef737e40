import { describe, expect, it } from "vitest";
import { thumbnailLines } from "./thumbnail";

describe("the lines a text thumbnail draws", () => {
  it("are the text's blocks in plain words, headings bold and larger by level", () => {
    const lines = thumbnailLines(
      [
        "# Travel Policy",
        "",
        "Read the [handbook](https://example.org/h) **first**.",
        "",
        "## Scope",
        "- Flights",
        "> Quoted `code`",
        "| Item | Cost |",
        "| --- | --- |",
        "![logo](logo.png)",
        "<!-- quire:ocr-pending page=2 -->",
      ].join("\n"),
    );
    expect(lines.filter((l) => l.text).map((l) => [l.text, l.size, l.bold])).toEqual([
      ["Travel Policy", 17, true],
      ["Read the handbook first.", 9, false],
      ["Scope", 13, true],
      ["• Flights", 9, false],
      ["Quoted code", 9, false],
      ["Item   Cost", 9, false],
    ]);
  });

  it("take underlined headings as headings, without drawing their rules", () => {
    const lines = thumbnailLines(
      "BUG REPORTS\n===========\n\nRead this.\n\nWhere to send\n-------------\nThe tracker.\n\n---\n",
    );
    expect(lines.filter((l) => l.text).map((l) => [l.text, l.size, l.bold])).toEqual([
      ["BUG REPORTS", 17, true],
      ["Read this.", 9, false],
      ["Where to send", 13, true],
      ["The tracker.", 9, false],
    ]);
  });

  it("keep fenced code as written, and never more than a page's worth of the text", () => {
    const lines = thumbnailLines("```\n# not a heading\n```\n" + "word ".repeat(10_000));
    expect(lines[0]).toEqual({ text: "# not a heading", size: 9, bold: false });
    expect(lines.map((l) => l.text).join("").length).toBeLessThan(4_100);
  });
});
