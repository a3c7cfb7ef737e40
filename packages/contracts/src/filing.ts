import { z } from "zod";
import { categorizeResultSchema } from "./ai";

/**
 * Filing a document without a category: the classifier's suggestion when it is at least this sure
 * (and the uploader may add documents there), else the Unfiled category. The upload form uses the
 * same threshold to pre-select a suggestion, so what it shows is what the server would do.
 */
export const AUTO_FILE_CONFIDENCE = 0.6;

/** Where a document goes when no category is chosen and no suggestion is sure enough. */
export const UNFILED_CATEGORY_NAME = "Unfiled";

/** The history line of a document Quire filed itself. */
export const autoFiledText = (categoryName: string) => `Filed automatically in ${categoryName}`;

/**
 * POST /api/documents/upload/analyse: what an upload of this file would be, read before anything
 * is stored: its title, the category it suggests (only categories the caller may see), where it
 * would be filed without a category (null: Unfiled) and the visible document it duplicates.
 */
export const uploadAnalysisSchema = z.object({
  title: z.string(),
  mediaType: z.string(),
  suggestion: categorizeResultSchema,
  fileIn: z.object({ categoryId: z.string(), name: z.string() }).nullable(),
  duplicate: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type UploadAnalysis = z.infer<typeof uploadAnalysisSchema>;

/** POST /api/documents/:id/category/confirm: keep the category Quire chose, or name another. */
export const confirmFilingBodySchema = z
  .object({ categoryId: z.string().min(1).max(64).optional() })
  .default({});
export type ConfirmFilingBody = z.infer<typeof confirmFilingBodySchema>;
