import { z } from "zod";
import { displayNameSchema } from "./names";

export const categoryColors = ["blue", "green", "purple", "orange", "red", "gray"] as const;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  /**
   * What the signed-in user may do here (GET /api/categories and /api/categories/{id}): upload or
   * move documents in, by their role and the category's access list, so forms offer only those.
   */
  abilities: z.object({ addDocuments: z.boolean() }).optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryStatsSchema = categorySchema.extend({
  count: z.number().int(),
  lastUpdated: z.string().nullable(),
});
export type CategoryStats = z.infer<typeof categoryStatsSchema>;

const categoryFields = {
  name: displayNameSchema,
  description: z.string().trim().max(500),
  icon: z
    .string()
    .trim()
    .regex(/^fas fa-[a-z0-9-]+$/, "icon must look like 'fas fa-folder'"),
  color: z.enum(categoryColors),
};

export const createCategoryBodySchema = z.object({
  name: categoryFields.name,
  description: categoryFields.description.default(""),
  icon: categoryFields.icon.default("fas fa-folder"),
  color: categoryFields.color.default("gray"),
});
/** No defaults here: a PATCH that leaves a field out leaves it as it is. */
export const updateCategoryBodySchema = z
  .object(categoryFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "give at least one of name, description, icon, color");
