import { describe, expect, it } from "vitest";
import { contentKind } from "./content-kind";

describe("contentKind", () => {
  it("renders PDFs with pdf.js, DOCX and markdown as markdown, other text as text", () => {
    expect(contentKind("application/pdf", "a.pdf", "")).toBe("pdf");
    expect(
      contentKind("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "a.docx", ""),
    ).toBe("markdown");
    expect(contentKind("text/markdown", "a.md", "plain")).toBe("markdown");
    expect(contentKind("text/plain", "a.txt", "just text")).toBe("text");
  });

  it("treats text with a heading mark as markdown (seed §2)", () => {
    expect(contentKind("text/plain", "notes.txt", "intro\n## Heading\n")).toBe("markdown");
  });
});
