import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../db/schema";
import { createTestApp, type TestApp } from "../test/harness";
import { claimJob, enqueueJob } from "./queue";
import { JobRunner, type JobHandler } from "./runner";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.runner.runUntilIdle();
});
afterAll(async () => t.close());

const statusOf = async (kind: string) =>
  (await t.ctx.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, kind)))[0]?.status;

describe("job locks", () => {
  it("a job whose worker died goes back to the queue once its lock is a minute old", async () => {
    await enqueueJob(t.ctx.db, { kind: "test.dead", payload: {}, runAt: t.clock.now() });
    expect(await claimJob(t.ctx.db, "worker-that-was-killed", t.clock.now())).not.toBeNull();
    const runner = new JobRunner(t.ctx, new Map());
    t.clock.advance(30_000);
    expect(await runner.recover(false)).toBe(0);
    t.clock.advance(31_000);
    expect(await runner.recover(false)).toBe(1);
    expect(await statusOf("test.dead")).toBe("queued");
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, "test.dead"));
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
    const runner = new JobRunner(t.ctx, new Map([["test.slow", slow]]), { heartbeatMs: 10 });
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
