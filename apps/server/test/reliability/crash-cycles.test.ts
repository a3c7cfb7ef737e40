import { describe, expect, it } from "vitest";
import { formatReport, runCrashCycles, type CrashReport } from "./crash-cycles";

/** The CI-sized run; `npm run reliability -- crash` runs 50 cycles on each database. */
const CYCLES = Number(process.env.CRASH_CYCLES ?? 3);

function expectNothingLost(report: CrashReport) {
  const summary = formatReport(report);
  expect(report.kills, summary).toBe(CYCLES);
  expect(report.acknowledged.uploads, summary).toBeGreaterThan(0);
  expect(report.lost, summary).toEqual([]);
  expect(report.corrupted, summary).toEqual([]);
  expect(report.serverErrors, summary).toEqual([]);
  expect(report.stillProcessing + report.unfinishedJobs, summary).toBe(0);
  expect(report.orphansLeft + report.missingOriginals, summary).toBe(0);
}

describe("SIGKILL at random moments during uploads, edits and approvals", () => {
  // Each database once in CI: the PGlite pass runs this one, the PostgreSQL pass the one below
  // (the PGlite run does not depend on TEST_DATABASE_URL, so a second run would repeat it).
  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    `PGlite: ${CYCLES} kills lose no acknowledged write`,
    { timeout: 600_000 },
    async () => {
      expectNothingLost(await runCrashCycles({ cycles: CYCLES, seed: 20261124 }));
    },
  );

  // CI's PostgreSQL pass sets TEST_DATABASE_URL; the run makes its own throw-away database there.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    `PostgreSQL: ${CYCLES} kills lose no acknowledged write`,
    { timeout: 600_000 },
    async () => {
      expectNothingLost(
        await runCrashCycles({ cycles: CYCLES, seed: 20261124, postgresUrl: process.env.TEST_DATABASE_URL }),
      );
    },
  );
});
