import { and, eq, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";
import { defineJob } from "./define";
import { defineSchedule } from "./schedule";

const DAY = 24 * 60 * 60_000;
/** A finished job's row is kept this long: long enough to ask what ran last week. */
export const DONE_JOB_DAYS = 7;
/** A failed job's row, with its error, is kept longer: someone may still retry or investigate it. */
export const FAILED_JOB_DAYS = 90;
/** Rows deleted per statement, so a large backlog never holds the database in one long statement. */
const BATCH = 2_000;

/**
 * Deletes the rows of jobs that ended long ago, in small batches; queued and running jobs are
 * never touched. Without it the queue's table holds one row per upload, e-mail and sweep forever.
 * Returns how many rows went.
 */
export async function sweepFinishedJobs(db: Database, now: Date): Promise<number> {
  let removed = 0;
  for (const [status, days] of [
    ["done", DONE_JOB_DAYS],
    ["failed", FAILED_JOB_DAYS],
  ] as const) {
    const before = new Date(now.getTime() - days * DAY);
    for (;;) {
      const batch = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, status), lt(jobs.updatedAt, before)))
        .limit(BATCH);
      const gone = await db.delete(jobs).where(inArray(jobs.id, batch)).returning({ id: jobs.id });
      removed += gone.length;
      if (gone.length < BATCH) break;
    }
  }
  return removed;
}

export const sweepFinishedJobsJob = defineJob({
  kind: "sweep-finished-jobs",
  payload: z.object({}),
  run: async (ctx: AppContext) => {
    await sweepFinishedJobs(ctx.db, ctx.clock.now());
  },
});

/** Daily, in the early hours (UTC), when little else runs. */
export const sweepFinishedJobsSchedule = defineSchedule({
  name: "sweep-finished-jobs",
  rule: { cron: "41 3 * * *" },
  job: sweepFinishedJobsJob,
  payload: {},
});
