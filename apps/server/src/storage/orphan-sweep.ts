import { z } from "zod";
import type { AppContext } from "../context";
import { defineJob } from "../jobs/define";
import { defineSchedule } from "../jobs/schedule";
import { blobs } from "../db/schema";
import { sweepPieces } from "../db/text-pieces";

export interface SweepResult {
  /** Originals in the store when the sweep began. */
  stored: number;
  deleted: number;
  /** Pieces of long texts no transaction claimed (db/text-pieces.ts), deleted. */
  textPieces: number;
}

/**
 * Deletes stored bytes that no version claims: what an upload left when its transaction failed or
 * its process was killed between storing the file and committing the rows. Bytes stored within the
 * grace period are spared, since an upload may be about to claim them (a put renews the time).
 * The pieces of a long text such an upload wrote before its transaction go the same way.
 */
export async function sweepOrphanBlobs(
  ctx: Pick<AppContext, "db" | "blobs">,
  graceMs: number,
): Promise<SweepResult> {
  // Wall-clock time, not ctx.clock: the store's own times (file mtimes, stored_at) are wall-clock.
  const cutoff = new Date(Date.now() - graceMs);
  const stored = await ctx.blobs.list();
  const claimed = new Set((await ctx.db.select({ sha256: blobs.sha256 }).from(blobs)).map((r) => r.sha256));
  let deleted = 0;
  for (const sha256 of stored) {
    if (!claimed.has(sha256) && (await ctx.blobs.deleteIfStoredBefore(sha256, cutoff))) deleted++;
  }
  return { stored: stored.length, deleted, textPieces: await sweepPieces(ctx.db, cutoff) };
}

/** One sweep, sparing what was stored within the configured grace period. */
export const sweepOrphanBlobsJob = defineJob({
  kind: "sweep-orphan-blobs",
  payload: z.object({}),
  async run(ctx) {
    await sweepOrphanBlobs(ctx, ctx.config.blobSweep.graceSeconds * 1000);
  },
});

/** Every BLOB_SWEEP_INTERVAL_SECONDS (0 turns it off), in whichever process runs jobs. */
export const sweepOrphanBlobsSchedule = defineSchedule({
  name: "sweep-orphan-blobs",
  rule: (config) =>
    config.blobSweep.intervalSeconds > 0 ? { everySeconds: config.blobSweep.intervalSeconds } : null,
  job: sweepOrphanBlobsJob,
  payload: {},
});
