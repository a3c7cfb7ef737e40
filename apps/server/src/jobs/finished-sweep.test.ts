import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "../db/schema";
import { appForFile } from "../../test/support/app-for-file";
import { DONE_JOB_DAYS, FAILED_JOB_DAYS } from "./finished-sweep";
import { claimJob, completeJob, enqueueJob, failJob } from "./queue";

const DAY = 24 * 60 * 60_000;

describe("the sweep of finished jobs", () => {
  const t = appForFile();

  /** One job of `kind` taken to `end` at the clock's time ("queued" leaves it waiting). */
  async function jobEnding(kind: string, end: "done" | "failed" | "queued") {
    const db = t.ctx.db;
    // A waiting job is due in ten years, so neither a claim here nor the runner takes it.
    const runAt = end === "queued" ? new Date(t.clock.now().getTime() + 3650 * DAY) : t.clock.now();
    await enqueueJob(db, { kind, payload: {}, runAt, maxAttempts: 1 });
    if (end === "queued") return;
    const claimed = await claimJob(db, "test-worker", t.clock.now());
    expect(claimed?.kind).toBe(kind);
    if (end === "done") await completeJob(db, claimed!.id, t.clock.now());
    else expect(await failJob(db, claimed!, "broke", t.clock.now())).toBe(true);
  }

  const left = async () =>
    (
      await t.ctx.db
        .select({ kind: jobs.kind, status: jobs.status })
        .from(jobs)
        .where(like(jobs.kind, "test.%"))
    )
      .map((j) => `${j.kind}:${j.status}`)
      .sort();

  it("runs daily and deletes only jobs that ended long ago, keeping failures longer", async () => {
    await t.runner.fireSchedules();
    await jobEnding("test.old-done", "done");
    await jobEnding("test.old-failed", "failed");
    await jobEnding("test.waiting", "queued");
    t.clock.advance((DONE_JOB_DAYS + 1) * DAY);
    await jobEnding("test.new-done", "done");
    await t.runner.fireSchedules();
    await t.runner.runUntilIdle();
    expect(await left()).toEqual(["test.new-done:done", "test.old-failed:failed", "test.waiting:queued"]);
    // The sweep's own job row stays until it too is a week old.
    const own = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, "sweep-finished-jobs"));
    expect(own.map((j) => j.status)).toEqual(["done"]);

    t.clock.advance(FAILED_JOB_DAYS * DAY);
    await t.runner.fireSchedules();
    await t.runner.runUntilIdle();
    expect(await left()).toEqual(["test.waiting:queued"]);
  });
});
