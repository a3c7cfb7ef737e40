import { z } from "zod";
import { submitReviewBodySchema } from "./approvals";
import { idSchema } from "./common";
import { BULK_MAX_DOCUMENTS } from "./document-values";
import { documentListQuerySchema, tagListSchema } from "./documents";

export { BULK_MAX_DOCUMENTS };

/** The refusal of a selection past the cap, with its size when the server counted it. */
export const bulkLimitMessage = (matched?: number) =>
  `A bulk action takes at most ${BULK_MAX_DOCUMENTS.toLocaleString("en-US")} documents${
    matched === undefined ? "" : `; this selection has ${matched.toLocaleString("en-US")}`
  }. Narrow the filter or select fewer documents.`;

/** The All Documents filters (GET /api/documents), without paging: the server resolves them for the caller. */
export const bulkFilterSchema = documentListQuerySchema.pick({
  category: true,
  status: true,
  tag: true,
  owner: true,
  autoFiled: true,
  updatedFrom: true,
  updatedTo: true,
});
export type BulkFilter = z.infer<typeof bulkFilterSchema>;

/**
 * Which documents: the ids picked one by one (or a page at a time), or every document the list's
 * filter returns for the caller, exactly as the list would.
 */
const selection = {
  ids: z
    .array(idSchema)
    .min(1, "select at least one document")
    .max(BULK_MAX_DOCUMENTS, bulkLimitMessage())
    .optional(),
  filter: bulkFilterSchema.optional(),
};
const oneSelection = (v: { ids?: unknown; filter?: unknown }) =>
  (v.ids === undefined) !== (v.filter === undefined);
const selectionMessage = "give either ids or filter";

export const bulkSelectionSchema = z.object(selection).refine(oneSelection, selectionMessage);
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;

const tagsSchema = tagListSchema.min(1, "give at least one tag");
const withSelection = <T extends z.ZodRawShape>(shape: T) => z.object({ ...selection, ...shape });

/**
 * POST /api/documents/bulk: a selection and one action with its parameters, checked by the same
 * schemas the single-document routes use (tags as PATCH takes them, submission as submit-review).
 */
export const bulkRequestSchema = z
  .discriminatedUnion("action", [
    withSelection({ action: z.literal("setCategory"), params: z.object({ categoryId: idSchema }) }),
    withSelection({ action: z.literal("addTags"), params: z.object({ tags: tagsSchema }) }),
    withSelection({ action: z.literal("removeTags"), params: z.object({ tags: tagsSchema }) }),
    withSelection({ action: z.literal("setOwner"), params: z.object({ ownerId: idSchema }) }),
    withSelection({ action: z.literal("archive"), params: z.object({}).default({}) }),
    withSelection({ action: z.literal("submitForReview"), params: submitReviewBodySchema.default({}) }),
  ])
  .refine(oneSelection, selectionMessage);
export type BulkRequest = z.infer<typeof bulkRequestSchema>;
export type BulkActionName = BulkRequest["action"];
export const bulkActionNames = [
  "setCategory",
  "addTags",
  "removeTags",
  "setOwner",
  "archive",
  "submitForReview",
] as const satisfies readonly BulkActionName[];

/** POST /api/documents/bulk/download: a zip of the readable originals of the selection. */
export const bulkDownloadRequestSchema = bulkSelectionSchema;

/**
 * One document's outcome: done (changed, with its own activity entry), unchanged (it already was
 * so; nothing written) or refused, with the status and reason the single-document route answers.
 * A document the caller cannot see has no title (existence never leaks).
 */
export const bulkItemResultSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  outcome: z.enum(["done", "unchanged", "refused"]),
  status: z.number().int().optional(),
  reason: z.string().optional(),
});
export type BulkItemResult = z.infer<typeof bulkItemResultSchema>;

export const bulkResultSchema = z.object({
  action: z.enum(bulkActionNames),
  total: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  /** Every document of the selection, in the list's order. */
  results: z.array(bulkItemResultSchema),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
