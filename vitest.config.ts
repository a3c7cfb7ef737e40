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
          include: ["apps/server/src/**/*.test.ts"],
          // Each API test file boots its own database; PGlite start-up dominates, so allow for it.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
      "apps/web/vitest.config.ts",
    ],
  },
});
