import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
          globalSetup: ["apps/server/src/test/global-setup.ts"],
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
