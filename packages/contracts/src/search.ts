import { z } from "zod";
import { documentSchema, documentStatusSchema } from "./documents";

/** How results are ranked: full-text alone, or fused with the semantic (embedding) ranking. */
export const searchModes = ["fulltext", "hybrid"] as const;
export const searchModeSchema = z.enum(searchModes);
export type SearchMode = z.infer<typeof searchModeSchema>;

/** Seed §7 GET /api/search: q (web-search syntax: "phrases", or, -exclude), category, status. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: "q is required" })
    .trim()
    .min(1, "q is required: type what to search for")
    .max(500, "q is too long (500 characters at most)")
    // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database.
    .refine((value) => !value.includes("\0"), "q must not contain NUL characters"),
  category: z
    .string()
    .max(64)
    .refine((value) => !value.includes("\0"), "category must not contain NUL characters")
    .optional(),
  status: documentStatusSchema.optional(),
  mode: searchModeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /**
   * "1" for a search run while someone is still typing (the command palette's matches): it is not
   * kept in the search log, so half-typed words never become the organisation's popular searches.
   */
  typeahead: z.literal("1").optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Seed §3 Search result: one per document, its best passage as a safe excerpt (only <mark> markup). */
export const searchResultSchema = z.object({
  document: documentSchema,
  relevanceScore: z.number().min(0).max(1),
  highlightedExcerpt: z.string(),
  /**
   * The passage the excerpt comes from: its 0-based position among the passages of the current
   * version (textkit's `chunkMarkdown`) and its section, so a link can open the document at
   * `#passage-{ordinal}`.
   */
  passage: z.object({ ordinal: z.number().int().min(0), heading: z.string().nullable() }).optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Seed §3 Search suggestion: a list of text. */
export const searchSuggestionsSchema = z.array(z.string());
