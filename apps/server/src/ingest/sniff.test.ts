import { createCanvas } from "@napi-rs/canvas";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { MEDIA_TYPES, sniffFileType } from "./sniff.js";
import { fixture } from "../../test/support/fixtures.js";

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
  ])("accepts %s as %s", async (name, kind) => {
    expect(await sniffFileType(fixture(name), name)).toEqual({
      kind,
      mediaType: MEDIA_TYPES[kind as keyof typeof MEDIA_TYPES],
    });
  });

  it("reads .markdown as md and ignores the extension's case", async () => {
    expect((await sniffFileType(fixture("procps-bugs.md"), "Bugs.MARKDOWN")).kind).toBe("md");
    expect((await sniffFileType(fixture("base-passwd.docx"), "REPORT.DOCX")).kind).toBe("docx");
  });

  it("refuses an ELF executable renamed .pdf and says what it is", async () => {
    const result = await sniffFileType(fixture("elf-executable.pdf"), "invoice.pdf");
    expect(result).toEqual({ kind: "unsupported", reason: expect.stringContaining("an ELF executable") });
  });

  it("refuses a Windows executable renamed .pdf", async () => {
    const pe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
    expect(await sniffFileType(pe, "setup.pdf")).toMatchObject({ kind: "unsupported" });
  });

  it("refuses a PNG named .txt", async () => {
    const result = await sniffFileType(pngBytes(), "notes.txt");
    expect(result).toEqual({ kind: "unsupported", reason: expect.stringContaining("a PNG image") });
  });

  it("names types only file-type knows, by extension and media type", async () => {
    const sevenZip = new Uint8Array([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04, 0, 0, 0, 0]);
    expect(await sniffFileType(sevenZip, "minutes.md")).toEqual({
      kind: "unsupported",
      reason: 'the name ends in ".md" but the content is a .7z file (application/x-7z-compressed)',
    });
    const gzip = new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03]);
    expect(await sniffFileType(gzip, "notes.txt")).toEqual({
      kind: "unsupported",
      reason: 'the name ends in ".txt" but the content is a gzip archive',
    });
  });

  it("refuses a zip renamed .docx that has no word/document.xml", async () => {
    const zip = zipSync({ "[Content_Types].xml": strToU8("<Types/>"), "notes.txt": strToU8("hello") });
    expect(await sniffFileType(zip, "report.docx")).toEqual({
      kind: "unsupported",
      reason: expect.stringContaining("a zip archive"),
    });
  });

  it("refuses extensions it does not accept, whatever the content", async () => {
    expect(await sniffFileType(fixture("elf-executable.pdf"), "tool.exe")).toMatchObject({
      kind: "unsupported",
      reason: expect.stringContaining('".exe" files are not accepted'),
    });
    expect(await sniffFileType(strToU8("<html><body>hi</body></html>"), "page.html")).toMatchObject({
      kind: "unsupported",
    });
    expect(await sniffFileType(strToU8("plain"), "README")).toMatchObject({
      kind: "unsupported",
      reason: expect.stringContaining("no extension"),
    });
  });

  it("refuses bytes and extension that disagree, naming both", async () => {
    expect(await sniffFileType(fixture("shared-mime-info-spec.pdf"), "spec.docx")).toEqual({
      kind: "unsupported",
      reason: 'the name ends in ".docx" but the content is a PDF',
    });
    expect(await sniffFileType(fixture("base-passwd.docx"), "letter.pdf")).toEqual({
      kind: "unsupported",
      reason: 'the name ends in ".pdf" but the content is a DOCX document',
    });
    expect(await sniffFileType(fixture("shared-mime-info-spec.pdf"), "spec.txt")).toMatchObject({
      kind: "unsupported",
    });
  });

  describe("a .pdf that starts like a PDF but is damaged", () => {
    const pdf = () => fixture("users-and-groups.pdf");
    const damaged = {
      kind: "damaged",
      reason: expect.stringMatching(/^The file is damaged or incomplete: /),
    };

    it("is damaged, not of another type, when cut short inside its header", async () => {
      for (const head of ["%P", "%PD", "%PDF"]) {
        expect(await sniffFileType(new TextEncoder().encode(head), "report.pdf")).toEqual(damaged);
      }
    });

    it("is damaged when its header was overwritten but its objects remain", async () => {
      const bytes = pdf().slice();
      bytes.fill(0, 0, 4096);
      expect(await sniffFileType(bytes, "report.pdf")).toEqual(damaged);
      bytes.set(new TextEncoder().encode("%PDF1.4"), 0);
      expect(await sniffFileType(bytes, "report.pdf")).toEqual(damaged);
    });

    it("says the PDF could not be read", async () => {
      const result = await sniffFileType(new TextEncoder().encode("%PDF"), "report.pdf");
      expect(result).toMatchObject({ reason: expect.stringContaining("PDF could not be read") });
    });

    it("leaves other types named .pdf unsupported, and damaged PDFs named otherwise", async () => {
      expect(await sniffFileType(fixture("elf-executable.pdf"), "invoice.pdf")).toMatchObject({
        kind: "unsupported",
      });
      expect(await sniffFileType(new TextEncoder().encode("plain words"), "notes.pdf")).toMatchObject({
        kind: "unsupported",
      });
      expect(await sniffFileType(new TextEncoder().encode("%PDF"), "notes.docx")).toMatchObject({
        kind: "unsupported",
      });
    });
  });

  it("refuses text with NUL bytes (UTF-16, binary) as .txt", async () => {
    const utf16 = new Uint8Array(Buffer.from("\ufeffhello", "utf16le"));
    expect(await sniffFileType(utf16, "notes.txt")).toMatchObject({ kind: "unsupported" });
  });
});
