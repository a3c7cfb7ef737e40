import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobs } from "../db/schema";
import { appForFile } from "../../test/support/app-for-file";
import { defineJob, PermanentJobError } from "./define";
import { claimJob, endedByKillLimit, enqueueJob } from "./queue";
import { createWorkerLiveness, type WorkerLiveness } from "./liveness";
import { JobRunner, type JobHandler } from "./runner";

const t = appForFile();
beforeAll(async () => {
  await t.runner.runUntilIdle();
});

const statusOf = async (kind: string) =>
  (await t.ctx.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, kind)))[0]?.status;

/** Says every worker is alive: isolates the lock-age fallback from liveness. */
const everyoneAlive: WorkerLiveness = {
  register: () => Promise.resolve(),
  deadAmong: () => Promise.resolve([]),
  close: () => Promise.resolve(),
};

const jobOf = async (kind: string) => (await t.ctx.db.select().from(jobs).where(eq(jobs.kind, kind)))[0];

describe("job locks", () => {
  it("a job whose worker is gone goes back to the queue at once, not a minute later", async () => {
    await enqueueJob(t.ctx.db, { kind: "test.gone", payload: {}, runAt: t.clock.now() });
    expect(await claimJob(t.ctx.db, "worker-that-was-killed", t.clock.now())).not.toBeNull();
    const runner = new JobRunner(t.ctx, new Map(), createWorkerLiveness(t.ctx));
    expect(await runner.recover(false)).toBe(1);
    expect(await statusOf("test.gone")).toBe("queued");
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, "test.gone"));
  });

  it("a job whose worker stopped renewing its lock goes back to the queue once the lock is a minute old", async () => {
    await enqueueJob(t.ctx.db, { kind: "test.dead", payload: {}, runAt: t.clock.now() });
    expect(await claimJob(t.ctx.db, "worker-that-hung", t.clock.now())).not.toBeNull();
    const runner = new JobRunner(t.ctx, new Map(), everyoneAlive);
    t.clock.advance(30_000);
    expect(await runner.recover(false)).toBe(0);
    t.clock.advance(31_000);
    expect(await runner.recover(false)).toBe(1);
    expect(await statusOf("test.dead")).toBe("queued");
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, "test.dead"));
  });

  it("a job that kills its process on every attempt ends failed after its limit, with a reason", async () => {
    const failures: string[] = [];
    const handler: JobHandler = {
      run: () => Promise.reject(new Error("never reached: the process dies first")),
      onFinalFailure: (_ctx, _job, error) => {
        failures.push(error);
        return Promise.resolve();
      },
    };
    const runner = new JobRunner(t.ctx, new Map([["test.killer", handler]]), createWorkerLiveness(t.ctx));
    await enqueueJob(t.ctx.db, { kind: "test.killer", payload: {}, runAt: t.clock.now(), maxAttempts: 2 });
    for (let attempt = 1; attempt <= 2; attempt++) {
      // The claim counts the attempt; then the process "dies" (nothing completes or fails the job).
      expect(await claimJob(t.ctx.db, `killed-process-${attempt}`, t.clock.now())).not.toBeNull();
      expect(await runner.recover(true)).toBe(1);
    }
    const job = await jobOf("test.killer");
    expect(job?.status).toBe("failed");
    expect(job?.attempts).toBe(2);
    // Says what happened and nothing about what comes next: some kinds queue a fresh job after it
    // (the search refit does), so "will not be retried" was not true of every job.
    expect(job?.lastError).toBe(
      "The server stopped while running this job, 2 times out of 2 attempts (out of memory or killed), so it has used up its attempts.",
    );
    expect(job && endedByKillLimit(job)).toBe(true);
    expect(failures).toHaveLength(1);
    // A restart finds nothing to run: the job that took the process down is not claimed again.
    expect(await claimJob(t.ctx.db, "after-restart", t.clock.now())).toBeNull();
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, "test.killer"));
  });

  it("a job that fails by its own error, or was killed before its last attempt, did not end by the kill limit", async () => {
    const runner = new JobRunner(
      t.ctx,
      new Map([["test.thrower", { run: () => Promise.reject(new Error("disk full")) }]]),
      everyoneAlive,
    );
    await enqueueJob(t.ctx.db, { kind: "test.thrower", payload: {}, runAt: t.clock.now(), maxAttempts: 2 });
    // Killed at its first attempt, then its own error at its last: failed, but not by the kill limit.
    expect(await claimJob(t.ctx.db, "killed-process", t.clock.now())).not.toBeNull();
    await runner.recover(true);
    expect((await jobOf("test.thrower"))?.status).toBe("queued");
    expect(endedByKillLimit((await jobOf("test.thrower"))!)).toBe(false);
    await runner.runUntilIdle();
    const job = await jobOf("test.thrower");
    expect(job?.status).toBe("failed");
    expect(job?.lastError).toBe("disk full");
    expect(endedByKillLimit(job!)).toBe(false);
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, "test.thrower"));
  });

  it("liveness tells a live worker from a dead one", async () => {
    const first = createWorkerLiveness(t.ctx);
    const second = createWorkerLiveness(t.ctx);
    await first.register("worker-first");
    await second.register("worker-second");
    expect(await second.deadAmong(["worker-first", "worker-never-started"])).toEqual([
      "worker-never-started",
    ]);
    if (t.databaseUrl) {
      // PostgreSQL: the first worker's session ends (as when its process is killed): its lock goes.
      await first.close();
      expect(await second.deadAmong(["worker-first"])).toEqual(["worker-first"]);
    }
    await first.close();
    await second.close();
  });

  it("a live job renews its lock, so recovery never takes it from its worker", async () => {
    let finish = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const slow: JobHandler = {
      run: () =>
        new Promise<void>((resolve) => {
          finish = resolve;
          started();
        }),
    };
    const runner = new JobRunner(t.ctx, new Map([["test.slow", slow]]), everyoneAlive, { heartbeatMs: 10 });
    await enqueueJob(t.ctx.db, { kind: "test.slow", payload: {}, runAt: t.clock.now() });
    const done = runner.runOnce();
    await running;
    // Two minutes pass on the clock while the job works; its heartbeat keeps the lock fresh.
    t.clock.advance(120_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(await runner.recover(false)).toBe(0);
    expect(await statusOf("test.slow")).toBe("running");
    finish();
    expect(await done).toBe(true);
    expect(await statusOf("test.slow")).toBe("done");
  });
});

describe("a job no attempt could finish", () => {
  it("ends failed at its first attempt, with its reason, and its final-failure hook runs", async () => {
    const finals: string[] = [];
    const handler: JobHandler = {
      run: () => Promise.reject(new PermanentJobError("The file is refused")),
      onFinalFailure: (_ctx, _job, error) => {
        finals.push(error);
        return Promise.resolve();
      },
    };
    const runner = new JobRunner(t.ctx, new Map([["test.refused", handler]]), everyoneAlive);
    await enqueueJob(t.ctx.db, { kind: "test.refused", payload: {}, runAt: t.clock.now(), maxAttempts: 5 });
    expect(await runner.runUntilIdle()).toBe(1);
    const job = await jobOf("test.refused");
    expect([job?.status, job?.attempts, job?.lastError]).toEqual(["failed", 1, "The file is refused"]);
    expect(finals).toEqual(["The file is refused"]);
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, "test.refused"));
  });
});

describe("jobs declared with defineJob", () => {
  it("run with their parsed payload, and a malformed payload fails with the schema's reason, never reaching run", async () => {
    const ran: string[] = [];
    const finals: Array<[string, string]> = [];
    const job = defineJob({
      kind: "test.typed",
      payload: z.object({ name: z.string().min(1) }),
      maxAttempts: 1,
      async run(_ctx, payload) {
        ran.push(payload.name);
      },
      async onFinalFailure(_ctx, payload, error) {
        finals.push([payload.name, error]);
      },
    });
    const runner = new JobRunner(t.ctx, new Map([[job.kind, job]]), everyoneAlive);
    await job.enqueue(t.ctx.db, { name: "ada" }, { runAt: t.clock.now() });
    expect(await runner.runUntilIdle()).toBe(1);
    expect(ran).toEqual(["ada"]);
    expect(await statusOf("test.typed")).toBe("done");
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, "test.typed"));

    // Written by something else (an older release, a hand-edited row): refused, not run.
    await enqueueJob(t.ctx.db, {
      kind: "test.typed",
      payload: { name: 42 },
      runAt: t.clock.now(),
      maxAttempts: 1,
    });
    await runner.runUntilIdle();
    expect(ran).toEqual(["ada"]);
    const failed = await jobOf("test.typed");
    expect(failed?.status).toBe("failed");
    expect(failed?.lastError).toMatch(/^malformed test\.typed payload: /);
    // Its final-failure hook needs a payload it can read; a malformed one has none to give.
    expect(finals).toEqual([]);
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, "test.typed"));
  });
});

describe("a runner works on up to its concurrency of jobs at once", () => {
  /**
   * Jobs of kind `kind` that log their start and end and finish only when released, so the test
   * reads the order of starts and ends, never wall time.
   */
  function gatedJobs(kind: string, failing: ReadonlySet<string> = new Set()) {
    const log: string[] = [];
    const gates = new Map<string, () => void>();
    const startedAll = new Map<string, () => void>();
    const started = (name: string) =>
      new Promise<void>((resolve) => {
        if (log.includes(`start ${name}`)) resolve();
        else startedAll.set(name, resolve);
      });
    const handler: JobHandler = {
      run: (_ctx, job) => {
        const name = String((job.payload as { name: string }).name);
        log.push(`start ${name}`);
        startedAll.get(name)?.();
        return new Promise<void>((resolve, reject) => {
          gates.set(name, () => {
            log.push(`end ${name}`);
            if (failing.has(name)) reject(new Error(`${name} broke`));
            else resolve();
          });
        });
      },
    };
    const release = async (name: string) => {
      await started(name);
      gates.get(name)!();
    };
    return { log, handler, started, release };
  }

  async function enqueueNamed(kind: string, ...names: string[]) {
    for (const name of names) {
      await enqueueJob(t.ctx.db, { kind, payload: { name }, runAt: t.clock.now(), maxAttempts: 1 });
    }
  }

  it("with concurrency 2, the second job starts before the first ends", async () => {
    const kind = "test.overlap";
    const jobsOf = gatedJobs(kind);
    const runner = new JobRunner(t.ctx, new Map([[kind, jobsOf.handler]]), everyoneAlive, { concurrency: 2 });
    await enqueueNamed(kind, "a", "b");
    const drained = runner.runUntilIdle();
    // Both start while neither has ended; b is let go first, then a.
    await jobsOf.started("a");
    await jobsOf.started("b");
    await jobsOf.release("b");
    await jobsOf.release("a");
    expect(await drained).toBe(2);
    expect(jobsOf.log).toEqual(["start a", "start b", "end b", "end a"]);
    expect((await t.ctx.db.select().from(jobs).where(eq(jobs.kind, kind))).map((j) => j.status)).toEqual([
      "done",
      "done",
    ]);
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, kind));
  });

  it("with concurrency 1, the second job starts only after the first ended", async () => {
    const kind = "test.series";
    const jobsOf = gatedJobs(kind);
    const runner = new JobRunner(t.ctx, new Map([[kind, jobsOf.handler]]), everyoneAlive, { concurrency: 1 });
    await enqueueNamed(kind, "a", "b");
    const drained = runner.runUntilIdle();
    await jobsOf.started("a");
    // Give the runner every chance to start b early: it must not.
    await new Promise((r) => setTimeout(r, 50));
    expect(jobsOf.log).toEqual(["start a"]);
    await jobsOf.release("a");
    await jobsOf.release("b");
    expect(await drained).toBe(2);
    expect(jobsOf.log).toEqual(["start a", "end a", "start b", "end b"]);
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, kind));
  });

  it("a job that fails does not stop the one running beside it", async () => {
    const kind = "test.side-by-side";
    const jobsOf = gatedJobs(kind, new Set(["bad"]));
    const runner = new JobRunner(t.ctx, new Map([[kind, jobsOf.handler]]), everyoneAlive, { concurrency: 2 });
    await enqueueNamed(kind, "bad", "good");
    const drained = runner.runUntilIdle();
    await jobsOf.started("good");
    await jobsOf.release("bad");
    await jobsOf.release("good");
    expect(await drained).toBe(2);
    expect(jobsOf.log).toEqual(["start bad", "start good", "end bad", "end good"]);
    const rows = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, kind));
    const byName = new Map(rows.map((j) => [(j.payload as { name: string }).name, j]));
    expect(byName.get("bad")?.status).toBe("failed");
    expect(byName.get("bad")?.lastError).toBe("bad broke");
    expect(byName.get("good")?.status).toBe("done");
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, kind));
  });

  it("the running loop keeps two jobs in hand, each renewing its own lock", async () => {
    const kind = "test.loop";
    const jobsOf = gatedJobs(kind);
    const runner = new JobRunner(t.ctx, new Map([[kind, jobsOf.handler]]), everyoneAlive, {
      concurrency: 2,
      heartbeatMs: 10,
      pollMs: 20,
    });
    await enqueueNamed(kind, "a", "b", "c");
    runner.start();
    try {
      await jobsOf.started("a");
      await jobsOf.started("b");
      // Time passes past the lock's age limit while both work: neither is taken from its worker.
      t.clock.advance(120_000);
      await new Promise((r) => setTimeout(r, 100));
      expect(await runner.recover(false)).toBe(0);
      expect(jobsOf.log).toEqual(["start a", "start b"]);
      // The third waits for a place, and takes the one a finished job leaves.
      await jobsOf.release("a");
      await jobsOf.started("c");
      await jobsOf.release("b");
      await jobsOf.release("c");
    } finally {
      await runner.stop();
    }
    expect(jobsOf.log).toEqual(["start a", "start b", "end a", "start c", "end b", "end c"]);
    expect(
      (await t.ctx.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, kind))).map(
        (j) => j.status,
      ),
    ).toEqual(["done", "done", "done"]);
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, kind));
  });
});
