import type { AppContext } from "../context";
import { blobs } from "../db/schema";

export interface SweepResult {
  /** Originals in the store when the sweep began. */
  stored: number;
  deleted: number;
}

/**
 * Deletes stored bytes that no version claims: what an upload left when its transaction failed or
 * its process was killed between storing the file and committing the rows. Bytes stored within the
 * grace period are spared, since an upload may be about to claim them (a put renews the time).
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
  return { stored: stored.length, deleted };
}

/** Runs the sweep every `intervalSeconds` in a process that runs jobs; answers how to stop it. */
export function startOrphanSweeper(
  ctx: Pick<AppContext, "db" | "blobs" | "config">,
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): () => void {
  const { intervalSeconds, graceSeconds } = ctx.config.blobSweep;
  if (intervalSeconds === 0) return () => {};
  const timer = setInterval(() => {
    sweepOrphanBlobs(ctx, graceSeconds * 1000).then(
      (result) => result.deleted > 0 && log.info(result, "deleted unclaimed originals"),
      (error: unknown) => log.warn({ err: error }, "orphan sweep failed; it runs again next interval"),
    );
  }, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
