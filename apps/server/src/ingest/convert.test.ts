import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertToMarkdown } from "./convert.js";
import { UnreadableFileError } from "./errors.js";
import { ocrPlaceholder } from "./pdf.js";
import { fixture } from "../../test/support/fixtures.js";

async function reasonFor(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnreadableFileError);
  return (error as UnreadableFileError).reason;
}

const linesOf = (markdown: string): string[] => markdown.split("\n");

describe("convertToMarkdown: PDF", () => {
  it("rebuilds headings, paragraphs and lists from a real pdfTeX document", async () => {
    const result = await convertToMarkdown(fixture("shared-mime-info-spec.pdf"), "pdf");
    expect(result.pageCount).toBe(17);
    expect(result.pagesNeedingOcr).toEqual([]);
    const lines = linesOf(result.markdown);
    expect(lines).toContain("# Shared MIME-info Database");
    expect(lines).toContain("## 1. Introduction");
    expect(lines).toContain("### 1.1. Version");
    expect(lines).toContain("## 2. Unified system");
    expect(lines).toContain("- A standard way of getting the MIME type for a file.");
    // A paragraph printed over three lines comes back as one line of markdown.
    expect(lines).toContain(
      "Many programs and desktops use the MIME system[MIME] to represent the types of files. Frequently, it is necessary to work out the correct MIME type for a file. This is generally done by examining the file’s name or contents, and looking up the correct MIME type in a database.",
    );
    // The running header and the page numbers are gone.
    expect(lines.filter((l) => l === "Shared MIME-info Database")).toEqual([]);
    expect(lines.filter((l) => /^\d+$/.test(l))).toEqual([]);
  });

  it("accepts a Node Buffer, as an upload hands over, and leaves it intact", async () => {
    const buffer = Buffer.from(fixture("users-and-groups.pdf"));
    const copy = Buffer.from(buffer);
    expect((await convertToMarkdown(buffer, "pdf")).pageCount).toBe(7);
    expect(buffer.equals(copy)).toBe(true);
  });

  it("joins a paragraph that a page break cut in two", async () => {
    const { markdown } = await convertToMarkdown(fixture("shared-mime-info-spec.pdf"), "pdf");
    // Page 2 ends with "Information found in a" and page 3 goes on with "directory is added…".
    expect(markdown).toContain("Information found in a directory is added to the information found");
  });

  it("reads a LibreOffice PDF of Debian's users-and-groups document", async () => {
    const result = await convertToMarkdown(fixture("users-and-groups.pdf"), "pdf");
    expect(result.pageCount).toBe(7);
    const lines = linesOf(result.markdown);
    expect(lines).toContain("# Users and Groups in the Debian System");
    expect(lines).toContain("# Chapter 1. Introduction");
    expect(lines).toContain("# Chapter 2. Users and Groups");
    expect(result.markdown).toContain(
      "The Debian Policy Manual reserves ranges for these global static users and groups, but it makes no attempt to allocate individual numbers or define their purposes.",
    );
  });

  it("lists image-only pages for OCR and leaves a placeholder where their text will go", async () => {
    const result = await convertToMarkdown(fixture("scanned-page.pdf"), "pdf");
    expect(result.pagesNeedingOcr).toEqual([1]);
    expect(result.markdown.trim()).toBe(ocrPlaceholder(1));
    expect(result.warnings).toEqual(["1 of 1 pages have no text layer and need OCR"]);
  });

  it("refuses an encrypted PDF as password-protected", async () => {
    expect(await reasonFor(convertToMarkdown(fixture("encrypted.pdf"), "pdf"))).toBe(
      "The PDF is password-protected",
    );
  });

  it("refuses a truncated PDF as damaged, quickly", async () => {
    // Quickly: in less time than converting the whole file it was cut from takes in this run,
    // so pdf.js did not rebuild the file before giving up.
    const whole = async () => {
      const started = performance.now();
      await convertToMarkdown(fixture("shared-mime-info-spec.pdf"), "pdf");
      return performance.now() - started;
    };
    const baseline = Math.min(await whole(), await whole());
    const started = performance.now();
    const reason = await reasonFor(convertToMarkdown(fixture("truncated.pdf"), "pdf"));
    expect(reason).toMatch(/^The file is damaged or incomplete: .*cut short/);
    expect(performance.now() - started).toBeLessThan(2 * baseline);
  });

  it("refuses a PDF whose body is garbage even though it ends properly", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage\n%%EOF\n");
    expect(await reasonFor(convertToMarkdown(bytes, "pdf"))).toMatch(/^The file is damaged or incomplete/);
  });
});

describe("convertToMarkdown: DOCX", () => {
  it("keeps headings, list items, the table, bold and italic", async () => {
    const result = await convertToMarkdown(fixture("base-passwd.docx"), "docx");
    const lines = linesOf(result.markdown);
    expect(lines).toContain("# Users and Groups in the Debian System");
    expect(lines).toContain("## Chapter 1. Introduction");
    expect(lines).toContain("### The master passwd file");
    expect(lines).toContain("- **root**: Root is (typically) the superuser.");
    expect(lines).toContain("| User | UID | GID | Home | Shell |");
    expect(lines.some((l) => /^\| root \| 0 +\| 0 +\| \/root \| \/bin\/bash \|$/.test(l))).toBe(true);
    expect(result.markdown).toContain("The Debian **base-passwd** package");
    expect(result.markdown).toContain("these _global static_ users and groups");
    expect(result.pagesNeedingOcr).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it("refuses a truncated DOCX as damaged", async () => {
    expect(await reasonFor(convertToMarkdown(fixture("corrupt.docx"), "docx"))).toBe(
      "The file is damaged or incomplete: the DOCX archive is truncated or corrupt",
    );
  });
});

describe("convertToMarkdown: TXT and MD", () => {
  it("returns text as it is", async () => {
    const source = readFileSync(new URL("../../test-fixtures/dpkg-triggers.txt", import.meta.url), "utf8");
    const result = await convertToMarkdown(fixture("dpkg-triggers.txt"), "txt");
    expect(result).toEqual({ markdown: source, title: "TRIGGERS", pagesNeedingOcr: [], warnings: [] });
  });

  it("returns markdown as it is", async () => {
    const source = readFileSync(new URL("../../test-fixtures/procps-bugs.md", import.meta.url), "utf8");
    expect((await convertToMarkdown(fixture("procps-bugs.md"), "md")).markdown).toBe(source);
  });

  it("strips a byte-order mark and normalises line endings", async () => {
    const bytes = new TextEncoder().encode("\ufeffFirst line\r\nSecond line\rThird\n");
    expect((await convertToMarkdown(bytes, "txt")).markdown).toBe("First line\nSecond line\nThird\n");
  });

  it("refuses text that is not UTF-8, saying so", async () => {
    const latin1 = new Uint8Array(Buffer.from("Caf\xe9 cr\xe8me", "latin1"));
    expect(await reasonFor(convertToMarkdown(latin1, "txt"))).toMatch(/not valid UTF-8/);
  });

  it("refuses an empty file", async () => {
    expect(await reasonFor(convertToMarkdown(new Uint8Array(), "md"))).toBe("The file is empty");
  });
});
