import { z } from "zod";
import { displayNameSchema } from "./names";

/**
 * Where a person may act, on top of what their role allows at all: `view` reads, `add` also
 * uploads into a category, `edit` also changes its documents. Each level includes the ones before.
 */
export const accessLevels = ["view", "add", "edit"] as const;
export const accessLevelSchema = z.enum(accessLevels);
export type AccessLevel = z.infer<typeof accessLevelSchema>;

/** What a category grants to everyone signed in; `none` makes it visible to its groups only. */
export const everyoneAccessLevels = ["none", ...accessLevels] as const;
export const everyoneAccessSchema = z.enum(everyoneAccessLevels);
export type EveryoneAccess = z.infer<typeof everyoneAccessSchema>;

/**
 * A group. Everyone signed in reads names (sharing pickers and "Who has access" name groups);
 * `memberIds` only reach Admins, since who belongs where tells what else they may read.
 */
export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  memberCount: z.number().int().min(0),
  memberIds: z.array(z.string()).optional(),
  createdAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const createGroupBodySchema = z.object({
  name: displayNameSchema,
  description: z.string().trim().max(500).default(""),
  memberIds: z.array(z.string().min(1)).max(1000).default([]),
});
export const updateGroupBodySchema = z
  .object({
    name: displayNameSchema,
    description: z.string().trim().max(500),
    memberIds: z.array(z.string().min(1)).max(1000),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "give at least one of name, description, memberIds");

/** A category's access list: what everyone gets, and what named groups get beyond that. */
export const categoryAccessSchema = z.object({
  categoryId: z.string(),
  everyone: everyoneAccessSchema,
  groups: z.array(z.object({ groupId: z.string(), access: accessLevelSchema })).max(500),
});
export type CategoryAccess = z.infer<typeof categoryAccessSchema>;
export const putCategoryAccessBodySchema = categoryAccessSchema.omit({ categoryId: true });

/**
 * A single document narrowed to named users and groups (within what its category allows); the
 * owner and Admins always keep access. `restricted: false` means the category's list alone decides.
 */
export const documentAccessSchema = z.object({
  documentId: z.string(),
  restricted: z.boolean(),
  userIds: z.array(z.string()).max(1000),
  groupIds: z.array(z.string()).max(500),
});
export type DocumentAccess = z.infer<typeof documentAccessSchema>;
export const putDocumentAccessBodySchema = documentAccessSchema.omit({ documentId: true });

/** "Who has access": every person who can open the document, and why. */
export const accessHolderSchema = z.object({
  userId: z.string(),
  username: z.string(),
  role: z.string(),
  reasons: z.array(z.string()).min(1),
});
export type AccessHolder = z.infer<typeof accessHolderSchema>;
export const accessHoldersSchema = z.array(accessHolderSchema);
