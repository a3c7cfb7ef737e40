import { describe, expect, it } from "vitest";
import { markdownToPlainText, unescapeMarkdown } from "./plain-text";
import { plainInline } from "./sections";

describe("markdownToPlainText", () => {
  it("keeps the words and drops markdown syntax", () => {
    const md =
      "## Scope\n\n- **Bold** item with [a link](https://x.test) and `code`\n> quoted _note_\n\n| a | b |\n|---|---|\n| 1 | 2 |";
    expect(markdownToPlainText(md)).toBe("Scope Bold item with a link and code quoted note a b 1 2");
  });

  it("leaves HTML-looking text as text (it is escaped later)", () => {
    expect(markdownToPlainText("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
  });
});

describe("markdown escapes", () => {
  // A line of the shared-mime-info specification as Quire's PDF converter writes it (it escapes
  // what markdown would read as a heading or an HTML tag), and turndown's escapes from a DOCX.
  const converted = "\\# of files in \\<MIME>/packages";
  const docx = "Files matching \\*.xml are read in order \\(see 2\\.1\\) by update\\-mime\\-database\\.";

  it("never leak into plain text: the reader sees the characters, not the backslashes", () => {
    expect(markdownToPlainText(converted)).toBe("# of files in <MIME>/packages");
    expect(markdownToPlainText(docx)).toBe(
      "Files matching *.xml are read in order (see 2.1) by update-mime-database.",
    );
  });

  it("are removed by plainInline too, which key points, answers and notes use", () => {
    expect(plainInline(converted)).toBe("# of files in <MIME>/packages");
    expect(plainInline("an \\*escaped\\* star is not emphasis, **bold** is")).toBe(
      "an *escaped* star is not emphasis, bold is",
    );
  });

  it("leave a backslash before a letter alone (not an escape in CommonMark)", () => {
    expect(unescapeMarkdown("C:\\Users\\n and \\<x\\>")).toBe("C:\\Users\\n and <x>");
  });
});
