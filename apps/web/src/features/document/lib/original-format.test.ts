import { describe, expect, it } from "vitest";
import { originalFormat } from "./original-format";

describe("originalFormat", () => {
  it("names the format by media type, then by extension", () => {
    expect(originalFormat("application/pdf", "a.bin")).toEqual({ kind: "pdf", label: "PDF" });
    expect(
      originalFormat("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "a"),
    ).toEqual({ kind: "docx", label: "DOCX" });
    expect(originalFormat("text/markdown; charset=utf-8", "a.md").label).toBe("Markdown");
    expect(originalFormat("application/octet-stream", "notes.TXT")).toEqual({ kind: "text", label: "TXT" });
    expect(originalFormat("application/octet-stream", "archive.zip")).toEqual({
      kind: "other",
      label: "ZIP",
    });
    expect(originalFormat("", "")).toEqual({ kind: "other", label: "file" });
  });
});
