import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "./plain-text";

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
