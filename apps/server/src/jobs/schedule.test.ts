import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, schedules, sessions } from "../db/schema";
import { createJobRunner } from "../services";
import { appForFile } from "../../test/support/app-for-file";
import { createTestApp, type TestApp } from "../../test/support/harness";
import { defineSchedule } from "./schedule";
import { sweepSessionsJob } from "../modules/auth/session-sweep";

const SESSIONS = "sweep-expired-sessions";
const HOUR = 60 * 60_000;

async function jobsOfKind(t: TestApp, kind: string): Promise<Array<{ status: string }>> {
  return t.ctx.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, kind));
}

async function scheduleRow(t: TestApp, name: string) {
  const [row] = await t.ctx.db.select().from(schedules).where(eq(schedules.name, name));
  return row;
}

describe("scheduled tasks", () => {
  const t = appForFile();

  it("fires an occurrence missed across a restart once, not once per missed occurrence", async () => {
    // The first start writes the schedule's row; nothing is due yet.
    expect(await t.runner.fireSchedules()).toEqual([]);
    const before = await scheduleRow(t, SESSIONS);
    expect(before?.rule).toBe("cron 17 * * * *");
    expect(before!.nextRunAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(before!.nextRunAt.getUTCMinutes()).toBe(17);

    // Stopped for five hours (five hourly occurrences missed), then started again: a new runner.
    t.clock.advance(5 * HOUR);
    const restarted = createJobRunner(t.ctx);
    expect(await restarted.fireSchedules()).toContain(SESSIONS);
    expect(await restarted.fireSchedules()).not.toContain(SESSIONS);
    expect(await t.runner.fireSchedules()).not.toContain(SESSIONS);
    expect(await jobsOfKind(t, SESSIONS)).toEqual([{ status: "queued" }]);

    const after = await scheduleRow(t, SESSIONS);
    expect(after?.lastRunAt?.getTime()).toBe(t.clock.now().getTime());
    // The next occurrence is the first one after now, so the backlog is gone.
    expect(after!.nextRunAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(after!.nextRunAt.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(HOUR);

    await restarted.runUntilIdle();
    expect(await jobsOfKind(t, SESSIONS)).toEqual([{ status: "done" }]);
    await restarted.stop();
  });

  it("sweeps expired sessions through its schedule and keeps live ones", async () => {
    t.forgetSessions();
    await t.cookieFor("viewer");
    const idleLimit = t.config.sessionIdleMinutes * 60_000;
    t.clock.advance(idleLimit + HOUR);
    t.forgetSessions();
    await t.cookieFor("author");
    const stored = () => t.ctx.db.select({ n: count() }).from(sessions);
    expect((await stored())[0]?.n).toBe(2);

    expect(await t.runner.fireSchedules()).toContain(SESSIONS);
    await t.runner.runUntilIdle();
    // The viewer's session was idle past its limit; the author's has just begun.
    expect((await stored())[0]?.n).toBe(1);
    expect((await t.request("GET", "/api/auth/user", { as: "author" })).statusCode).toBe(200);
    expect(await jobsOfKind(t, SESSIONS)).toEqual([{ status: "done" }, { status: "done" }]);
  });

  it("refuses a malformed cron rule where the schedule is declared", () => {
    expect(() =>
      defineSchedule({ name: "broken", rule: { cron: "61 * * * *" }, job: sweepSessionsJob, payload: {} }),
    ).toThrow();
    expect(() =>
      defineSchedule({ name: "broken", rule: { everySeconds: 0 }, job: sweepSessionsJob, payload: {} }),
    ).toThrow(/everySeconds/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("scheduled tasks across processes (PostgreSQL)", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ shareDatabaseOf: first, seeders: [] });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("fires each occurrence in exactly one of two servers ticking at once", async () => {
    expect(await first.runner.fireSchedules()).toEqual([]);
    expect(await second.runner.fireSchedules()).toEqual([]);
    for (let round = 1; round <= 5; round++) {
      // Both servers' clocks move past the next occurrence; both tick at the same moment.
      const at = new Date(first.clock.now().getTime() + 2 * HOUR);
      first.clock.set(at);
      second.clock.set(at);
      const [a, b] = await Promise.all([first.runner.fireSchedules(), second.runner.fireSchedules()]);
      const fired = [...a, ...b].filter((name) => name === SESSIONS);
      expect(fired, `round ${round}`).toHaveLength(1);
      const queued = await first.ctx.db
        .select({ n: count() })
        .from(jobs)
        .where(and(eq(jobs.kind, SESSIONS), eq(jobs.status, "queued")));
      expect(queued[0]?.n).toBe(1);
      // Either server runs the job; the next round's occurrence is a new one.
      await Promise.all([first.runner.runUntilIdle(), second.runner.runUntilIdle()]);
    }
    expect(await jobsOfKind(first, SESSIONS)).toHaveLength(5);
  });
});
