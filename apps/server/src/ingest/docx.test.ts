import mammoth from "mammoth";
import { describe, expect, it, vi } from "vitest";
import { docxWithBody, paragraphsOfSize } from "../../test/support/hostile-files";
import { convertToMarkdown } from "./convert";
import { bodyTextAtLeast } from "./docx";
import { UnreadableFileError } from "./errors";

const run = (text: string, attributes = "") => `<w:r><w:t${attributes}>${text}</w:t></w:r>`;

describe("the text a DOCX body holds, counted before converting", () => {
  it("counts what mammoth shows: runs' text, an entity as one character, no whitespace", () => {
    const xml = `<w:p>${run("Ab c")}<w:r><w:tab/></w:r>${run(" &amp; d ", ' xml:space="preserve"')}<w:r><w:t/></w:r></w:p>`;
    expect(bodyTextAtLeast(xml, 1_000)).toBe(5);
  });

  it("leaves out deleted and moved-away runs and the Choice of alternate content", () => {
    const xml = [
      `<w:p><w:pPr><w:rPr><w:del w:id="1"/></w:rPr></w:pPr>${run("kept")}</w:p>`,
      `<w:del w:id="2">${run("deleted")}</w:del>`,
      `<w:moveFrom w:id="3">${run("moved")}</w:moveFrom>`,
      `<mc:AlternateContent><mc:Choice>${run("choice")}</mc:Choice><mc:Fallback>${run("fallback")}</mc:Fallback></mc:AlternateContent>`,
    ].join("");
    expect(bodyTextAtLeast(xml, 1_000)).toBe("kept".length + "fallback".length);
  });

  it("stops counting once past the cap", () => {
    expect(bodyTextAtLeast(run("x".repeat(50)).repeat(1_000), 120)).toBe(150);
  });

  it("refuses a body over the markdown cap without reading it into HTML", async () => {
    const reader = vi.spyOn(mammoth, "convertToHtml");
    try {
      const error = await convertToMarkdown(docxWithBody(paragraphsOfSize(12 * 1024 * 1024)), "docx").catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UnreadableFileError);
      expect((error as UnreadableFileError).reason).toMatch(
        /^The file converts to more than 5,000,000 characters of text; Quire keeps documents of at most 5,000,000 characters/,
      );
      expect(reader).not.toHaveBeenCalled();
    } finally {
      reader.mockRestore();
    }
  }, 60_000);
});
