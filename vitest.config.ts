import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that start real server processes and feed them hostile input take 1–3 minutes each, the
 * rest seconds. Vitest orders files by their last run's durations, which a fresh clone (CI) does
 * not have, and then by size, so these small files started last and the other worker sat idle
 * while they ran. They start first; everything else keeps Vitest's order.
 */
const LONG_RUNNING = [/\/test\/reliability\//, /\/security\/hostile-/];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (f: TestSpecification) => LONG_RUNNING.some((pattern) => pattern.test(f.moduleId));
    const processes = sorted.filter((f) => long(f) && LONG_RUNNING[0]!.test(f.moduleId));
    const inProcess = sorted.filter((f) => long(f) && !LONG_RUNNING[0]!.test(f.moduleId));
    // The first process-level file makes the run's seeded data directory (server-process.ts); the
    // other worker starts on in-process files meanwhile instead of waiting for it.
    return [...processes.slice(0, 1), ...inProcess, ...processes.slice(1), ...sorted.filter((f) => !long(f))];
  }
}

/** What every server project shares. */
const server = {
  globalSetup: ["apps/server/test/support/global-setup.ts"],
  setupFiles: ["apps/server/test/support/overlapping-queries.ts"],
  // Each API test file boots its own database; PGlite start-up dominates, so allow for it.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: "forks" as const,
  unstubGlobals: true,
};

/**
 * Files that bound how long the request thread is held run in a process of their own: in a worker
 * shared with earlier files, those files' leftover work and the heap they grew (a 2 s collection
 * was seen) land inside the measured window.
 */
const OWN_PROCESS = ["apps/server/src/security/long-text-statements.test.ts"];

export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one worker (cores - 1), so files ran one after
    // another while the crash and hostile-restart files mostly waited on their server processes.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "lint",
          include: ["lint/**/*.test.ts"],
          // ESLint loads the TypeScript parser and the import resolver on first use.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "packages",
          include: ["packages/*/src/**/*.test.ts"],
        },
      },
      {
        test: {
          ...server,
          name: "server",
          include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...OWN_PROCESS],
          // Files share a worker's loaded modules instead of importing the whole server again (seconds
          // per file). Nothing a test depends on lives in module scope: state is in the app context.
          isolate: false,
        },
      },
      {
        test: {
          ...server,
          name: "server-own-process",
          include: OWN_PROCESS,
          isolate: true,
        },
      },
      "apps/web/vitest.config.ts",
    ],
  },
});
