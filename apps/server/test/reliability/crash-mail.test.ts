import { describe, expect, it } from "vitest";
import { formatMailReport, runMailCrashCycles, type MailCrashReport } from "./crash-mail";

/** The CI-sized run; `npm run reliability -- crash` runs more on each database. */
const CYCLES = Number(process.env.MAIL_CRASH_CYCLES ?? 2);

function expectEachMessageOnce(report: MailCrashReport) {
  const summary = formatMailReport(report);
  expect(report.kills, summary).toBe(CYCLES);
  expect(report.killsMidPoll, summary).toBeGreaterThan(0);
  expect(report.wrong, summary).toEqual([]);
  expect(report.duplicated, summary).toEqual([]);
  expect(report.misplaced, summary).toEqual([]);
}

describe("SIGKILL while mail is being taken from a real IMAP server", () => {
  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    `PGlite: ${CYCLES} kills lose no message and take none twice`,
    { timeout: 900_000 },
    async () => {
      expectEachMessageOnce(await runMailCrashCycles({ cycles: CYCLES, seed: 20261128 }));
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    `PostgreSQL: ${CYCLES} kills lose no message and take none twice`,
    { timeout: 900_000 },
    async () => {
      expectEachMessageOnce(
        await runMailCrashCycles({
          cycles: CYCLES,
          seed: 20261128,
          postgresUrl: process.env.TEST_DATABASE_URL,
        }),
      );
    },
  );
});
