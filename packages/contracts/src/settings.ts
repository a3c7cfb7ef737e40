import { z } from "zod";
import { roleSchema } from "./auth";

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
export type FeatureName = keyof Features;

/** What the API answers (403) when a route's feature is turned off in Settings. */
export const featureOffMessages: Record<FeatureName, string> = {
  aiSummaries: "AI Summaries are turned off in Settings › Feature Configuration",
  versionDiff: "The Version Diff Viewer is turned off in Settings › Feature Configuration",
  approvalWorkflows: "Approval Workflows are turned off in Settings › Feature Configuration",
  semanticSearch: "Semantic Search is turned off in Settings › Feature Configuration",
};

/** Response header naming the search mode that actually ran (semantic search may be off). */
export const SEARCH_MODE_HEADER = "x-quire-search-mode";

/** Who reviews and approves when a submitter names nobody. Empty means "every Reviewer, first Approver". */
export const approvalDefaultsSchema = z.object({
  reviewerIds: z.array(z.string().min(1).max(64)).max(20),
  approverId: z.string().min(1).max(64).nullable(),
});

const optionalEmail = z.union([z.literal(""), z.string().trim().email().max(254)]);

/**
 * What the public landing page shows: contact addresses by function and the demo video. Empty
 * means "not set", and the page then leaves that card or link out rather than invent one.
 */
export const publicContactSchema = z.object({
  salesEmail: optionalEmail,
  supportEmail: optionalEmail,
  partnershipsEmail: optionalEmail,
  demoVideoUrl: z.union([
    z.literal(""),
    z
      .string()
      .trim()
      .url()
      .max(2000)
      .regex(/^https?:\/\//i, "demo video must be an http(s) address"),
  ]),
});
export type PublicContact = z.infer<typeof publicContactSchema>;

export const settingsSchema = z.object({
  organization: organizationSchema,
  features: featuresSchema,
  approvalDefaults: approvalDefaultsSchema,
  publicContact: publicContactSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

export const updateSettingsBodySchema = z
  .object({
    organization: organizationSchema.partial(),
    features: featuresSchema.partial(),
    approvalDefaults: approvalDefaultsSchema,
    publicContact: publicContactSchema.partial(),
  })
  .partial()
  .refine(
    (v) => Object.keys(v).length > 0,
    "give at least one of organization, features, approvalDefaults, publicContact",
  );

/** Settings › System Information, from the running build. */
/**
 * What an Admin must tell the identity provider, and how sign-in maps roles and groups: read from
 * the running server's configuration (OIDC_* variables), so Settings shows what is in force.
 */
export const signInInfoSchema = z.object({
  password: z.boolean(),
  sso: z
    .object({
      issuer: z.string(),
      clientId: z.string(),
      /** The address the provider must allow as the redirect URI. */
      redirectUri: z.string(),
      scopes: z.string(),
      /** The ID token claim that picks the role, and its values in priority order; null: roles are set in Quire. */
      roleClaim: z.string().nullable(),
      roleMap: z.array(z.object({ value: z.string(), role: roleSchema })),
      /** The claim whose groups are kept on the user at each sign-in; null: groups are managed in Quire. */
      groupsClaim: z.string().nullable(),
    })
    .nullable(),
});
export type SignInInfo = z.infer<typeof signInInfoSchema>;

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
  /** Background jobs by state; shown to Admins only (null for everyone else). */
  jobs: z
    .object({ queued: z.number().int(), running: z.number().int(), failed: z.number().int() })
    .nullable(),
  /** How people sign in, for Admins only (null for everyone else); never the client secret. */
  signIn: signInInfoSchema.nullable(),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;
