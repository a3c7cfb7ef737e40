import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp, type TestAppOptions } from "./harness";

/**
 * The test file's app, opened before its tests (beforeAll) and closed after them (afterAll). The
 * object is filled in place when the app opens, so a file keeps it in a constant; a file's own
 * beforeAll, registered after this call, runs once it is open. Kept apart from harness.ts, which
 * benchmarks import outside Vitest.
 */
export function appForFile(options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  // Seeding the demo archive writes every demo document and its history: over the project's 60 s
  // hook limit beside a second test run (137 s was seen). The limit guards against a hang only.
  const limit = options.seeders?.length ? 180_000 : undefined;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  }, limit);
  // Absent when opening failed: that failure is the one to report.
  afterAll(async () => t.close?.());
  return t;
}
