import { z } from "zod";
import { categorySchema } from "./categories";

export const documentStatuses = ["Draft", "In Review", "Approved", "Rejected", "Changes Requested"] as const;
export const documentStatusSchema = z.enum(documentStatuses);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

export const processingStates = ["processing", "ready", "failed"] as const;
export const processingSchema = z.object({
  state: z.enum(processingStates),
  error: z.string().nullable(),
});

/** What the signed-in user may do with a document, computed by the server's policy. */
export const documentAbilitiesSchema = z.object({
  update: z.boolean(),
  createVersion: z.boolean(),
  submitForReview: z.boolean(),
  archive: z.boolean(),
});
export type DocumentAbilities = z.infer<typeof documentAbilitiesSchema>;

/** Seed §3 Document, plus processing state, abilities and bookkeeping fields. */
export const documentSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: documentStatusSchema,
  categoryId: z.string(),
  category: categorySchema,
  owner: z.string(),
  ownerId: z.string(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  versionCount: z.number().int(),
  currentVersionNumber: z.number().int(),
  currentVersion: z.object({ content: z.string(), changeNote: z.string().nullable() }),
  originalFilename: z.string(),
  mediaType: z.string(),
  processing: processingSchema,
  abilities: documentAbilitiesSchema,
});
export type Document = z.infer<typeof documentSchema>;

/** Seed §3 Version. */
export const versionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  content: z.string(),
  changeNote: z.string().nullable(),
  author: z.string(),
  authorId: z.string(),
  createdAt: z.string(),
  originalFilename: z.string(),
  mediaType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});
export type Version = z.infer<typeof versionSchema>;
