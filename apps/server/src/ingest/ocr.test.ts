import { describe, expect, it } from "vitest";
import { convertToMarkdown } from "./convert.js";
import { ocrPdfPages } from "./ocr.js";
import { fillOcrPages } from "./pdf.js";
import { fixture } from "../../test/support/fixtures.js";

describe("ocrPdfPages", () => {
  // Tesseract in WebAssembly: a few seconds per page, more on a busy machine.
  it(
    "reads the words of an image-only PDF, offline, into the version's markdown",
    { timeout: 180_000 },
    async () => {
      const bytes = fixture("scanned-page.pdf");
      const conversion = await convertToMarkdown(bytes, "pdf");
      const results = await ocrPdfPages(bytes, conversion.pagesNeedingOcr);
      expect(results.map((r) => r.page)).toEqual([1]);
      const text = results[0]?.text ?? "";
      for (const words of [
        "Shared MIME-info Database",
        "Introduction",
        "What is this spec?",
        "interoperability",
      ]) {
        expect(text.toLowerCase()).toContain(words.toLowerCase());
      }
      const markdown = fillOcrPages(conversion.markdown, results);
      expect(markdown).not.toContain("quire:ocr-pending");
      expect(markdown).toContain("This specification attempts to unify the MIME database systems");
    },
  );

  it("skips page numbers outside the document and returns nothing for none", async () => {
    expect(await ocrPdfPages(fixture("scanned-page.pdf"), [])).toEqual([]);
    expect(await ocrPdfPages(fixture("scanned-page.pdf"), [0, 5])).toEqual([]);
  });
});
