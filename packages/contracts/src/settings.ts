import { z } from "zod";

/** Organisation profile (seed Settings › Organization Profile). */
export const organizationSchema = z.object({
  name: z.string().trim().max(200),
  domain: z
    .string()
    .trim()
    .max(253)
    .regex(/^$|^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, "domain must look like example.com"),
  description: z.string().trim().max(2000),
});

/** Seed Settings › Feature Configuration; all on by default. */
export const featuresSchema = z.object({
  aiSummaries: z.boolean(),
  versionDiff: z.boolean(),
  approvalWorkflows: z.boolean(),
  semanticSearch: z.boolean(),
});
export type Features = z.infer<typeof featuresSchema>;

/** What the API answers (403) when a route's feature is turned off in Settings. */
export const featureOffMessages: Record<keyof Features, string> = {
  aiSummaries: "AI summaries are turned off in Settings › Feature Configuration.",
  versionDiff: "Version comparison is turned off in Settings › Feature Configuration.",
  approvalWorkflows: "Approval workflows are turned off in Settings › Feature Configuration.",
  semanticSearch: "Semantic search is turned off in Settings › Feature Configuration.",
};

/** Who reviews and approves when a submitter names nobody. Empty means "every Reviewer, first Approver". */
export const approvalDefaultsSchema = z.object({
  reviewerIds: z.array(z.string().min(1).max(64)).max(20),
  approverId: z.string().min(1).max(64).nullable(),
});

export const settingsSchema = z.object({
  organization: organizationSchema,
  features: featuresSchema,
  approvalDefaults: approvalDefaultsSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

export const updateSettingsBodySchema = z
  .object({
    organization: organizationSchema.partial(),
    features: featuresSchema.partial(),
    approvalDefaults: approvalDefaultsSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "give at least one of organization, features, approvalDefaults");

/** Settings › System Information, from the running build. */
export const systemInfoSchema = z.object({
  version: z.string(),
  environment: z.string(),
  database: z.enum(["pglite", "postgres"]),
  blobStore: z.enum(["fs", "db"]),
  demo: z.boolean(),
  aiProvider: z.string(),
  nodeVersion: z.string(),
  startedAt: z.string(),
  lastUpdate: z.string().nullable(),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;
