import type { AiAnswer, Document, SearchResult } from "@quire/contracts";
import { chunkMarkdown, markdownToPlainText, tokenize } from "@quire/textkit";
import { describe, expect, it } from "vitest";
import { processedDemoArchiveForFile } from "../../../test/support/demo-archive";
import { json } from "../../../test/support/harness";

const t = processedDemoArchiveForFile();

/** The web opens `#passage-{ordinal}` by chunking the shown content the way the indexer did. */
async function passageOf(documentId: string, ordinal: number) {
  // Lists (search results included) carry a preview of the content: read the whole document.
  const document = json<Document>(await t.request("GET", `/api/documents/${documentId}`, { as: "viewer" }));
  return chunkMarkdown(document.currentVersion.content)[ordinal];
}

describe("passage positions for links that land on the passage", () => {
  it("a search result names the passage its excerpt comes from", async () => {
    const results = json<SearchResult[]>(
      await t.request("GET", "/api/search?q=retention%20period%20raw%20client%20files", { as: "viewer" }),
    );
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) {
      expect(result.passage).toBeDefined();
      const passage = await passageOf(result.document.id, result.passage?.ordinal ?? -1);
      expect(passage?.heading ?? null).toBe(result.passage?.heading ?? null);
      // Every highlighted word of the excerpt is in that passage (or the title, for an empty one).
      const words = result.highlightedExcerpt.match(/<mark>([^<]+)<\/mark>/g) ?? [];
      const haystack = `${markdownToPlainText(passage?.text ?? "")} ${result.document.title}`.toLowerCase();
      // Excerpts are escaped HTML: read a marked word back as text before looking for it.
      const text = (mark: string) =>
        mark
          .replace(/<\/?mark>/g, "")
          .replace(/&#39;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&amp;/g, "&");
      for (const mark of words) expect(haystack).toContain(text(mark).toLowerCase());
    }
  });

  it("an answer's citations carry the cited passage's position, whose text holds the quote", async () => {
    const answer = json<AiAnswer>(
      await t.request("POST", "/api/ai/ask", {
        as: "viewer",
        body: { question: "What is the retention period for raw client files?" },
      }),
    );
    expect(answer.citations.length).toBeGreaterThan(0);
    for (const citation of answer.citations) {
      expect(citation.ordinal).toBeTypeOf("number");
      const passage = await passageOf(citation.documentId, citation.ordinal ?? -1);
      expect(passage?.heading ?? null).toBe(citation.heading);
      // Quotes of tables are re-punctuated ("Category: Client; …"): compare the words.
      const passageWords = new Set(tokenize(passage?.text ?? ""));
      const quoteWords = tokenize(citation.quote).slice(0, 12);
      expect(quoteWords.filter((word) => !passageWords.has(word))).toEqual([]);
    }
  });
});
