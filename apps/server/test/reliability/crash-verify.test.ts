import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client";
import { jobs } from "../../src/db/schema";
import { claimJob, completeJob, enqueueJob, failJob, requeueAbandonedJobs } from "../../src/jobs/queue";
import { BASELINE_HANG_GUARD_MS, timed, within } from "../support/paced";
import { verifyStorage } from "./crash-verify";

const dataDir = mkdtempSync(path.join(tmpdir(), "quire-crash-verify-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * Opening the embedded database (its first open makes it: initdb, migrations) is this run's
 * baseline (paced.ts); the queue's steps and the check, which opens it again, may take a multiple
 * of it. A fixed 30 s passed at a load of 5 and ran out at 30.
 */
const FACTOR = 5;

describe("the crash run's storage check", () => {
  it(
    "counts jobs failed by the kill limit apart, and every other failed or waiting job as unfinished",
    { timeout: 0 },
    async () => {
      const { value: database, ms: openMs } = await timed(() =>
        within(BASELINE_HANG_GUARD_MS, "opening the database", openDatabase({ dataDir })),
      );
      const { db } = database;
      const now = new Date();
      const job = async (kind: string) => {
        await enqueueJob(db, { kind, payload: {}, runAt: now, maxAttempts: 2 });
        return (await db.select().from(jobs).where(eq(jobs.kind, kind)))[0]!;
      };
      const claim = async (kind: string) => {
        const claimed = await claimJob(db, `worker-${kind}`, now);
        expect(claimed?.kind).toBe(kind);
        return claimed!;
      };
      const steps = (async () => {
        // Each state reached the way the queue reaches it, one job at a time (claims take the oldest).
        await job("test.done");
        await completeJob(db, (await claim("test.done")).id, now);
        await job("test.killed");
        for (let attempt = 1; attempt <= 2; attempt++) {
          await claim("test.killed");
          await requeueAbandonedJobs(db, { lockedBefore: null }, now);
        }
        // Killed once, then its own error at its last attempt: failed, not by the kill limit.
        await job("test.error");
        await claim("test.error");
        await requeueAbandonedJobs(db, { lockedBefore: null }, now);
        expect(await failJob(db, await claim("test.error"), "disk full", now)).toBe(true);
        await job("test.waiting");
      })();
      try {
        await within(FACTOR * openMs, "reaching each job state", steps);
      } finally {
        await database.close();
      }

      const storage = await within(
        FACTOR * openMs,
        "checking storage",
        verifyStorage({ dataDir, blobStore: "fs" }),
      );
      expect(storage.killLimitFailures).toBe(1);
      expect(storage.killLimitDetails).toEqual([
        expect.stringMatching(/^job test\.killed \{\} failed after 2\/2 attempts: The server stopped/),
      ]);
      expect(storage.unfinishedJobs).toBe(2);
      expect(storage.unfinishedDetails).toEqual([
        "job test.error {} failed after 2/2 attempts: disk full",
        "job test.waiting {} queued after 0/2 attempts: ",
      ]);
    },
  );
});
