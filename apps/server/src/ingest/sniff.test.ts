import { createCanvas } from "@napi-rs/canvas";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { MEDIA_TYPES, sniffFileType } from "./sniff.js";
import { fixture } from "./test-fixtures.js";

function pngBytes(): Uint8Array {
  const canvas = createCanvas(8, 8);
  canvas.getContext("2d").fillRect(0, 0, 4, 4);
  return new Uint8Array(canvas.toBuffer("image/png"));
}

describe("sniffFileType", () => {
  it.each([
    ["shared-mime-info-spec.pdf", "pdf"],
    ["users-and-groups.pdf", "pdf"],
    ["scanned-page.pdf", "pdf"],
    ["truncated.pdf", "pdf"],
    ["encrypted.pdf", "pdf"],
    ["base-passwd.docx", "docx"],
    ["corrupt.docx", "docx"],
    ["dpkg-triggers.txt", "txt"],
    ["procps-bugs.md", "md"],
  ])("accepts %s as %s", (name, kind) => {
    expect(sniffFileType(fixture(name), name)).toEqual({
      kind,
      mediaType: MEDIA_TYPES[kind as keyof typeof MEDIA_TYPES],
    });
  });

  it("reads .markdown as md and ignores the extension's case", () => {
    expect(sniffFileType(fixture("procps-bugs.md"), "Bugs.MARKDOWN").kind).toBe("md");
    expect(sniffFileType(fixture("base-passwd.docx"), "REPORT.DOCX").kind).toBe("docx");
  });

  it("refuses an ELF executable renamed .pdf and says what it is", () => {
    const result = sniffFileType(fixture("elf-executable.pdf"), "invoice.pdf");
    expect(result).toEqual({ kind: "unsupported", reason: expect.stringContaining("an ELF executable") });
  });

  it("refuses a Windows executable renamed .pdf", () => {
    const pe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
    expect(sniffFileType(pe, "setup.pdf")).toMatchObject({ kind: "unsupported" });
  });

  it("refuses a PNG named .txt", () => {
    const result = sniffFileType(pngBytes(), "notes.txt");
    expect(result).toEqual({ kind: "unsupported", reason: expect.stringContaining("a PNG image") });
  });

  it("refuses a zip renamed .docx that has no word/document.xml", () => {
    const zip = zipSync({ "[Content_Types].xml": strToU8("<Types/>"), "notes.txt": strToU8("hello") });
    expect(sniffFileType(zip, "report.docx")).toEqual({
      kind: "unsupported",
      reason: expect.stringContaining("a zip archive"),
    });
  });

  it("refuses extensions it does not accept, whatever the content", () => {
    expect(sniffFileType(fixture("elf-executable.pdf"), "tool.exe")).toMatchObject({
      kind: "unsupported",
      reason: expect.stringContaining('".exe" files are not accepted'),
    });
    expect(sniffFileType(strToU8("<html><body>hi</body></html>"), "page.html")).toMatchObject({
      kind: "unsupported",
    });
    expect(sniffFileType(strToU8("plain"), "README")).toMatchObject({
      kind: "unsupported",
      reason: expect.stringContaining("no extension"),
    });
  });

  it("refuses bytes and extension that disagree, naming both", () => {
    expect(sniffFileType(fixture("shared-mime-info-spec.pdf"), "spec.docx")).toEqual({
      kind: "unsupported",
      reason: 'the name ends in ".docx" but the content is a PDF',
    });
    expect(sniffFileType(fixture("base-passwd.docx"), "letter.pdf")).toEqual({
      kind: "unsupported",
      reason: 'the name ends in ".pdf" but the content is a DOCX document',
    });
    expect(sniffFileType(fixture("shared-mime-info-spec.pdf"), "spec.txt")).toMatchObject({
      kind: "unsupported",
    });
  });

  it("refuses text with NUL bytes (UTF-16, binary) as .txt", () => {
    const utf16 = new Uint8Array(Buffer.from("\ufeffhello", "utf16le"));
    expect(sniffFileType(utf16, "notes.txt")).toMatchObject({ kind: "unsupported" });
  });
});
