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
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  });
  // Absent when opening failed: that failure is the one to report.
  afterAll(async () => t.close?.());
  return t;
}
