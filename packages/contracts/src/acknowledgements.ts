import { z } from "zod";

/**
 * Read-and-acknowledge: a campaign asks an audience (chosen groups, or everyone who can read the
 * document) to confirm they read its effective version. Each acknowledgment is a record: who, which
 * version, that version's hashes and when, never changed once written.
 */

/** Pending people are reminded when this many days passed since the campaign opened or last reminded. */
export const ACKNOWLEDGEMENT_REMINDER_DAYS = 3;
/** A campaign names at most this many groups. */
export const MAX_ACKNOWLEDGEMENT_GROUPS = 50;

/** POST /api/documents/:id/acknowledgement: whom to ask. */
export const startAcknowledgementSchema = z
  .object({
    everyone: z.boolean().default(false),
    groupIds: z.array(z.string().min(1).max(100)).max(MAX_ACKNOWLEDGEMENT_GROUPS).default([]),
  })
  .strict()
  .refine((v) => v.everyone || v.groupIds.length > 0, {
    message: "choose at least one group, or everyone",
    path: ["groupIds"],
  });
export type StartAcknowledgementInput = z.input<typeof startAcknowledgementSchema>;

/** POST …/acknowledgement/acknowledge: the version the reader read (it must still be the effective one). */
export const acknowledgeInputSchema = z.object({ version: z.number().int().positive() }).strict();
export type AcknowledgeInput = z.infer<typeof acknowledgeInputSchema>;

export const acknowledgementCampaignSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  version: z.number().int().positive(),
  everyone: z.boolean(),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  startedBy: z.string(),
  startedAt: z.string(),
  closedAt: z.string().nullable(),
  /** Why it closed: a newer version became effective (its number). */
  supersededByVersion: z.number().int().positive().nullable(),
  originalSha256: z.string(),
  markdownSha256: z.string(),
});
export type AcknowledgementCampaign = z.infer<typeof acknowledgementCampaignSchema>;

/** GET /api/documents/:id/acknowledgement: the open campaign as the reader sees it, and their part. */
export const acknowledgementStateSchema = z.object({
  campaign: acknowledgementCampaignSchema.nullable(),
  /** Whether the reader is among those asked, and when they acknowledged (null: not yet). */
  asked: z.boolean(),
  acknowledgedAt: z.string().nullable(),
  /** Counts of the audience, for those who may see the report (null otherwise). */
  counts: z.object({ acknowledged: z.number().int(), pending: z.number().int() }).nullable(),
  abilities: z.object({ start: z.boolean(), report: z.boolean(), acknowledge: z.boolean() }),
});
export type AcknowledgementState = z.infer<typeof acknowledgementStateSchema>;

export const acknowledgementEntrySchema = z.object({
  name: z.string(),
  version: z.number().int().positive(),
  originalSha256: z.string(),
  markdownSha256: z.string(),
  acknowledgedAt: z.string(),
});
export type AcknowledgementEntry = z.infer<typeof acknowledgementEntrySchema>;

/** GET …/acknowledgement/report: who confirmed and who has not, by name. */
export const acknowledgementReportSchema = z.object({
  campaign: acknowledgementCampaignSchema,
  acknowledged: z.array(acknowledgementEntrySchema),
  pending: z.array(z.object({ name: z.string() })),
  counts: z.object({ acknowledged: z.number().int(), pending: z.number().int() }),
});
export type AcknowledgementReport = z.infer<typeof acknowledgementReportSchema>;

/** POST …/acknowledge's answer: the record, and whether it was already there (nothing new written). */
export const acknowledgeResultSchema = z.object({
  alreadyAcknowledged: z.boolean(),
  acknowledgement: acknowledgementEntrySchema,
});
export type AcknowledgeResult = z.infer<typeof acknowledgeResultSchema>;

/** GET /api/acknowledgements/mine: open campaigns that wait on the signed-in user. */
export const toAcknowledgeItemSchema = z.object({
  documentId: z.string(),
  title: z.string(),
  version: z.number().int().positive(),
  startedAt: z.string(),
});
export type ToAcknowledgeItem = z.infer<typeof toAcknowledgeItemSchema>;
export const toAcknowledgeListSchema = z.object({
  items: z.array(toAcknowledgeItemSchema),
  count: z.number().int(),
});
export type ToAcknowledgeList = z.infer<typeof toAcknowledgeListSchema>;
