import type { FolderFile } from "@quire/contracts";
import { z } from "zod";
import type { ConsumeConfig } from "../../config";
import type { AppContext } from "../../context";
import { hashFile, listFolder, MAX_LISTED, statFile, type SeenFile } from "./folder-files";
import { ingestFileJob } from "./ingest-job";
import { claimFolderFile, findClaim, readSource, writeSource } from "./repository";

/** The source row of the watched folder (ingestion_sources). */
export const FOLDER_SOURCE = "folder";

/** Files claimed per scan at most: each is hashed, so a scan stays short and the rest come next. */
const MAX_CLAIMS_PER_SCAN = 100;

/** A file's size and time as first seen, kept between scans (by any process) to tell when it settled. */
const observationSchema = z.object({ size: z.number(), mtime: z.string(), since: z.string() });
type Observation = z.infer<typeof observationSchema>;

export const folderStatusRowSchema = z.object({
  observed: z.record(z.string(), observationSchema).default({}),
  waiting: z.array(z.object({ name: z.string(), size: z.number(), since: z.string() })).default([]),
  skipped: z.array(z.object({ name: z.string(), size: z.number(), reason: z.string() })).default([]),
  error: z.string().nullable().default(null),
});
export type FolderStatusRow = z.infer<typeof folderStatusRowSchema>;

export interface ScanResult {
  claimed: number;
  waiting: number;
  skipped: number;
}

export function parseFolderStatus(status: unknown): FolderStatusRow {
  const parsed = folderStatusRowSchema.safeParse(status ?? {});
  return parsed.success ? parsed.data : folderStatusRowSchema.parse({});
}

/**
 * One look at the watched folder: every file whose size and modification time were the same for
 * the configured time is hashed and claimed (one row per path, size, time and contents, so exactly
 * one process takes it) with its ingestion job in the same transaction; the others wait. What it
 * saw is kept for the next scan, whichever process runs it, and for Settings › Ingestion.
 */
export async function scanFolder(ctx: AppContext, consume: ConsumeConfig): Promise<ScanResult> {
  const now = ctx.clock.now();
  const previous = parseFolderStatus((await readSource(ctx.db, FOLDER_SOURCE))?.status);
  let listing;
  try {
    listing = await listFolder(consume.dir);
  } catch (error) {
    const message = `The folder cannot be read: ${error instanceof Error ? error.message : String(error)}`;
    await writeSource(ctx.db, FOLDER_SOURCE, { ...previous, error: message }, now);
    return { claimed: 0, waiting: 0, skipped: 0 };
  }
  const observed: Record<string, Observation> = {};
  const waiting: FolderStatusRow["waiting"] = [];
  const skipped: FolderFile[] = [...listing.skipped];
  let claimed = 0;
  for (const file of listing.files) {
    const seen = previous.observed[file.path];
    const same = seen && seen.size === file.size && seen.mtime === file.mtime;
    const since = same ? seen.since : now.toISOString();
    const settled = now.getTime() - Date.parse(since) >= consume.settleSeconds * 1000;
    if (!settled || claimed >= MAX_CLAIMS_PER_SCAN) {
      observed[file.path] = { size: file.size, mtime: file.mtime, since };
      waiting.push({ name: file.path, size: file.size, since });
      continue;
    }
    const outcome = await claim(ctx, consume, file, now);
    if (outcome.kind === "claimed") claimed++;
    else if (outcome.kind === "changed") {
      observed[file.path] = { size: outcome.now.size, mtime: outcome.now.mtime, since: now.toISOString() };
      waiting.push({ name: file.path, size: outcome.now.size, since: now.toISOString() });
    } else if (outcome.kind === "skipped")
      skipped.push({ name: file.path, size: file.size, reason: outcome.reason });
  }
  const status: FolderStatusRow = {
    observed,
    waiting: waiting.slice(0, MAX_LISTED),
    skipped: skipped
      .slice(0, MAX_LISTED)
      .map((s) => ({ name: s.name, size: s.size, reason: s.reason ?? "" })),
    error: null,
  };
  await writeSource(ctx.db, FOLDER_SOURCE, status, now);
  if (claimed > 0) ctx.notifyJobs();
  return { claimed, waiting: waiting.length, skipped: skipped.length };
}

type ClaimOutcome =
  | { kind: "claimed" }
  | { kind: "taken" }
  | { kind: "changed"; now: SeenFile }
  | { kind: "skipped"; reason: string };

async function claim(
  ctx: AppContext,
  consume: ConsumeConfig,
  file: SeenFile,
  now: Date,
): Promise<ClaimOutcome> {
  const sha256 = await hashFile(consume.dir, file.path).catch(() => null);
  // Written to while it was read, or gone: it waits for the next scan (or is simply no longer there).
  const after = await statFile(consume.dir, file.path);
  if (!after || sha256 === null) return { kind: "taken" };
  if (after.size !== file.size || after.mtime !== file.mtime) return { kind: "changed", now: after };
  const key = { ...file, sha256 };
  const id = await ctx.db.transaction(async (tx) => {
    const itemId = await claimFolderFile(tx, key, now);
    if (itemId)
      await ingestFileJob.enqueue(tx, { itemId }, { runAt: now, dedupeKey: `ingest-file:${itemId}` });
    return itemId;
  });
  if (id) return { kind: "claimed" };
  const existing = await findClaim(ctx.db, key);
  // Claimed by another scan and still on its way, or its job has yet to move it: nothing to say.
  if (!existing || existing.state === "queued" || existing.location === file.path) return { kind: "taken" };
  return {
    kind: "skipped",
    reason: `The same file (name, size, time and contents) was taken on ${existing.createdAt.toISOString().slice(0, 10)} and is ${existing.state}: retry it in Settings › Ingestion, or save it again`,
  };
}
