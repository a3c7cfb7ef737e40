// Development aid (see search-explore.ts): a dump holds the database's evidence; the parts the API
// computes per query (title sub-words, the query's weighted words) are filled in here, once.
import { idf, isStopWord, stem, titleParts } from "@quire/textkit";
import type { Evidence } from "../../apps/server/src/modules/search/ranking.js";

export const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

export function completeEvidence(e: Evidence, query: string, titles: Map<string, string>): void {
  e.titleParts = new Map(
    [...new Set(e.postings.map((p) => p.documentId))].map((id) => [id, titleParts(titles.get(id) ?? "")]),
  );
  e.exactWords = new Map();
  e.queryWords = [...new Set(words(query))]
    .filter((w) => !isStopWord(w))
    .map((word) => ({
      word,
      weight: idf(
        e.stats.passages,
        e.terms.find((t) => t.position !== null && t.lexeme === stem(word))?.df ?? 1,
      ),
    }));
}
