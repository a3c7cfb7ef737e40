import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one worker (cores - 1), so files ran one after
    // another while the crash and hostile-restart files mostly waited on their server processes.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "packages",
          include: ["packages/*/src/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          globalSetup: ["apps/server/test/support/global-setup.ts"],
          // Each API test file boots its own database; PGlite start-up dominates, so allow for it.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // Files share a worker's loaded modules instead of importing the whole server again (seconds
          // per file). Nothing a test depends on lives in module scope: state is in the app context.
          isolate: false,
          unstubGlobals: true,
        },
      },
      "apps/web/vitest.config.ts",
    ],
  },
});
