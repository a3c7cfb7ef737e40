import { describe, expect, it } from "vitest";
import { formatFolderReport, runFolderCrashCycles, type FolderCrashReport } from "./crash-folder";

/** The CI-sized run; `npm run reliability -- crash` runs more on each database. */
const CYCLES = Number(process.env.FOLDER_CRASH_CYCLES ?? 3);

function expectEachFileOnce(report: FolderCrashReport) {
  const summary = formatFolderReport(report);
  expect(report.kills, summary).toBe(CYCLES);
  expect(report.killsMidIngest, summary).toBeGreaterThan(0);
  expect(report.wrong, summary).toEqual([]);
  expect(report.duplicated, summary).toEqual([]);
  expect(report.leftInFolder, summary).toEqual([]);
}

describe("SIGKILL while the watched folder's files are being taken", () => {
  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    `PGlite: ${CYCLES} kills lose no file and take none twice`,
    { timeout: 900_000 },
    async () => {
      expectEachFileOnce(await runFolderCrashCycles({ cycles: CYCLES, seed: 20261128 }));
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    `PostgreSQL: ${CYCLES} kills lose no file and take none twice`,
    { timeout: 900_000 },
    async () => {
      expectEachFileOnce(
        await runFolderCrashCycles({
          cycles: CYCLES,
          seed: 20261128,
          postgresUrl: process.env.TEST_DATABASE_URL,
        }),
      );
    },
  );
});
