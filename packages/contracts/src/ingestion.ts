import { z } from "zod";

/** Where a file entered the archive. */
export const ingestionSources = ["upload", "folder", "mail", "import"] as const;
export const ingestionSourceSchema = z.enum(ingestionSources);
export type IngestionSource = z.infer<typeof ingestionSourceSchema>;

/**
 * How far a file got: `queued` (claimed, waiting for a worker), `done` (a document: its own
 * processing state says the rest), `duplicate` (its bytes were already in the archive), `failed`
 * (with a reason), `changed` (it changed after it was claimed; the next scan takes it afresh).
 */
export const ingestionStates = ["queued", "done", "duplicate", "failed", "changed"] as const;
export const ingestionStateSchema = z.enum(ingestionStates);
export type IngestionState = z.infer<typeof ingestionStateSchema>;

/** One row of Settings › Ingestion. */
export const ingestionItemSchema = z.object({
  id: z.string(),
  source: ingestionSourceSchema,
  name: z.string(),
  state: ingestionStateSchema,
  /** The document's own processing, once there is one: processing, ready or failed. */
  processing: z.enum(["processing", "ready", "failed"]).nullable(),
  reason: z.string().nullable(),
  document: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** A failed file can be tried again, as can a document whose processing failed. */
  canRetry: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IngestionItem = z.infer<typeof ingestionItemSchema>;

/** A file in the watched folder that is not taken yet: still being written, or skipped and why. */
export const folderFileSchema = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  /** Why it was skipped (waiting files have none). */
  reason: z.string().optional(),
  /** When the file was first seen at this size and time (waiting files). */
  since: z.string().optional(),
});
export type FolderFile = z.infer<typeof folderFileSchema>;

export const folderStatusSchema = z.object({
  /** The folder as configured (CONSUME_DIR). */
  path: z.string(),
  owner: z.string().nullable(),
  settleSeconds: z.number(),
  scanSeconds: z.number(),
  lastScanAt: z.string().nullable(),
  /** Files whose size and time have not been stable for settleSeconds yet. */
  waiting: z.array(folderFileSchema),
  skipped: z.array(folderFileSchema),
  /** Why the last scan could not read the folder, if it could not. */
  error: z.string().nullable(),
});
export type FolderStatus = z.infer<typeof folderStatusSchema>;

/** GET /api/ingestion: the folder (null when none is configured) and the newest items. */
export const ingestionOverviewSchema = z.object({
  folder: folderStatusSchema.nullable(),
  items: z.array(ingestionItemSchema),
  counts: z.record(ingestionStateSchema, z.number().int()),
});
export type IngestionOverview = z.infer<typeof ingestionOverviewSchema>;

/** How many items Settings › Ingestion lists at most (the newest first). */
export const INGESTION_LIST_LIMIT = 100;

/** Files the watched folder never takes: hidden files and ones still being copied under a temporary name. */
export function isIgnoredFolderEntry(name: string): boolean {
  const lower = name.toLowerCase();
  return name.startsWith(".") || lower.endsWith(".tmp") || lower.endsWith(".part") || name.endsWith("~");
}
