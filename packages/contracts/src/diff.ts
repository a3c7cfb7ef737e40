import { z } from "zod";

/**
 * GET /api/documents/{id}/diff/{from}/{to}: textkit's `diffVersions` answer (a line diff by
 * longest common subsequence, word-level segments on changed lines) with the two version numbers.
 */
export const diffSegmentSchema = z.object({ text: z.string(), kind: z.enum(["same", "added", "removed"]) });
export type DiffSegment = z.infer<typeof diffSegmentSchema>;

export const diffSideSchema = z.object({
  /** 1-based line number in its version. */
  number: z.number().int(),
  text: z.string(),
  segments: z.array(diffSegmentSchema).optional(),
});
export type DiffSide = z.infer<typeof diffSideSchema>;

export const diffRowKinds = ["unchanged", "added", "removed", "changed"] as const;
export type DiffRowKind = (typeof diffRowKinds)[number];

export const sideBySideRowSchema = z.object({
  kind: z.enum(diffRowKinds),
  left: diffSideSchema.nullable(),
  right: diffSideSchema.nullable(),
});
export type SideBySideRow = z.infer<typeof sideBySideRowSchema>;

export const unifiedLineSchema = z.object({
  kind: z.enum([" ", "+", "-"]),
  text: z.string(),
  oldNumber: z.number().int().optional(),
  newNumber: z.number().int().optional(),
  segments: z.array(diffSegmentSchema).optional(),
});
export type UnifiedLine = z.infer<typeof unifiedLineSchema>;

export const versionDiffSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  stats: z.object({ added: z.number().int(), removed: z.number().int(), unchanged: z.number().int() }),
  sideBySide: z.array(sideBySideRowSchema),
  unified: z.array(unifiedLineSchema),
  truncated: z.boolean(),
  truncatedReason: z.string().optional(),
});
export type VersionDiff = z.infer<typeof versionDiffSchema>;
