import { z } from "zod";
import { categorySchema } from "./categories";
import { documentControlSchema } from "./control";
import { documentStatuses } from "./document-values";

export { documentStatuses };
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
  /** Restrict it to named people and groups, and see "Who has access" (its owner and Admins). */
  share: z.boolean(),
  /** Set the periodic review and re-confirm the effective version (its owner and Admins). */
  control: z.boolean(),
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
  /**
   * `content` is the whole text from GET /api/documents/:id; in lists and search results it is a
   * preview, the text's first 300 characters.
   */
  currentVersion: z.object({ content: z.string(), changeNote: z.string().nullable() }),
  originalFilename: z.string(),
  mediaType: z.string(),
  /** The read version's language as detected from its text (eng, deu, …), null if undetermined. */
  language: z.string().nullable(),
  /**
   * GET of the read version's first-page thumbnail (a small WebP), or null when it has none (not
   * drawn yet, or it could not be): the web asks only for one that exists.
   */
  thumbnailUrl: z.string().nullable().optional(),
  processing: processingSchema,
  archived: z.boolean(),
  abilities: documentAbilitiesSchema,
  /** The effective version and its periodic review (document control). */
  control: documentControlSchema,
  /** Quire chose the category (none was given at upload) and nobody has confirmed it yet. */
  autoFiled: z.boolean().optional(),
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
  /** Detected from the text when the version was processed (eng, deu, …); null if undetermined. */
  language: z.string().nullable(),
  /** When this version was approved, if it was. */
  approvedAt: z.string().nullable().optional(),
  /** The later approved version that replaced this approved one, if any. */
  supersededBy: z.number().int().nullable().optional(),
  /**
   * The original is Quire's rendition of text edited in the app, not an uploaded file: for a Word
   * document, a DOCX written from the edited markdown.
   */
  originalFromText: z.boolean().optional(),
});
export type Version = z.infer<typeof versionSchema>;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "use a day as YYYY-MM-DD")
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), "not a real day");

export const documentListQuerySchema = z.object({
  category: z.string().max(64).optional(),
  status: documentStatusSchema.optional(),
  sort: z.enum(["updated", "title"]).default("updated"),
  /** Documents carrying this tag (exact, case-sensitive as stored). */
  tag: z.string().trim().min(1).max(100).optional(),
  /** Documents owned by this username (case-insensitive). */
  owner: z.string().trim().min(1).max(64).optional(),
  /** `awaiting`: only documents Quire filed itself whose category nobody has confirmed yet. */
  autoFiled: z.enum(["awaiting"]).optional(),
  /** Last updated on or after this day (YYYY-MM-DD, UTC). */
  updatedFrom: isoDay.optional(),
  /** Last updated on or before this day (YYYY-MM-DD, UTC), the whole day included. */
  updatedTo: isoDay.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});

/** A document's tags as a change gives them (PATCH, bulk add and remove). */
export const tagListSchema = z.array(z.string().trim().min(1).max(50)).max(30);

export const updateDocumentBodySchema = z
  .object({
    title: z.string().trim().min(1, "title is required").max(300),
    categoryId: z.string().min(1).max(64),
    tags: tagListSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "give at least one of title, categoryId, tags");

/** A new version from edited markdown. expectedVersion is the version the editor started from. */
export const newVersionBodySchema = z.object({
  content: z.string().max(5_000_000),
  changeNote: z.string().trim().max(500).optional(),
  expectedVersion: z.coerce.number().int().min(1),
});

export const versionParamsSchema = z.object({
  id: z.string().min(1).max(64),
  version: z.coerce.number().int().min(1).max(1_000_000),
});
/**
 * Why an original's bytes are fetched: the app's own viewer shows them in the page ("view"), or the
 * person takes a copy ("download", the default). The audit names them apart, so an auditor can tell
 * who took a copy from who only read it.
 */
export const originalPurposes = ["download", "view"] as const;
export const originalQuerySchema = z.object({
  purpose: z.enum(originalPurposes).default("download"),
});
export type OriginalPurpose = (typeof originalPurposes)[number];

/** The formats a version's text downloads in, besides its original: a Word file (DOCX). */
export const versionDownloadFormats = ["docx"] as const;
export const versionDownloadQuerySchema = z.object({ format: z.enum(versionDownloadFormats) });
export type VersionDownloadFormat = (typeof versionDownloadFormats)[number];
export const diffParamsSchema = z.object({
  id: z.string().min(1).max(64),
  from: z.coerce.number().int().min(1).max(1_000_000),
  to: z.coerce.number().int().min(1).max(1_000_000),
});

/** GET /api/documents/stats: figures over the documents the caller may see (Dashboard › Quick Stats). */
export const documentStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  updatedThisWeek: z.number().int().nonnegative(),
  versions: z.number().int().nonnegative(),
  /** Bytes of the original files of every stored version. */
  storageBytes: z.number().int().nonnegative(),
});
export type DocumentStats = z.infer<typeof documentStatsSchema>;

/** How many of the reader's documents carry one value (a tag, an owner's username). */
export const facetValueSchema = z.object({ value: z.string(), count: z.number().int().positive() });
export type FacetValue = z.infer<typeof facetValueSchema>;

/** At most this many values of each facet: the filters suggest the most used. */
export const FACET_LIMIT = 100;

/**
 * GET /api/documents/facets: the tags and owners of the documents the caller may list, most used
 * first, so the Tag and Owner filters suggest values that exist instead of asking to guess them.
 */
export const documentFacetsSchema = z.object({
  tags: z.array(facetValueSchema).max(FACET_LIMIT),
  owners: z.array(facetValueSchema).max(FACET_LIMIT),
});
export type DocumentFacets = z.infer<typeof documentFacetsSchema>;

/**
 * POST /api/documents/upload answers 409 with this when the file is byte for byte (sha256) the
 * original of a document the user can see; sending the field `allowDuplicate=true` uploads a copy.
 */
export const duplicateUploadSchema = z.object({
  message: z.string(),
  existing: z.object({ id: z.string(), title: z.string() }),
});
export type DuplicateUpload = z.infer<typeof duplicateUploadSchema>;
