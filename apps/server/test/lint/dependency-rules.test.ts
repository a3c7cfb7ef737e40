import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of `npm run lint:deps`, run against small trees shaped like the server's: each
 * rule fails on its deliberately broken example, and a layered tree passes both configurations.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../../..");
const depcruise = path.join(root, "node_modules/.bin/depcruise");
/** Each run starts depcruise and TypeScript afresh: seconds on a quiet machine, more on a busy one. */
const CRUISE_TIMEOUT = 180_000;

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The violations the configuration finds in a fixture tree, read from depcruise's JSON report. */
function violations(fixture: string, config: ".dependency-cruiser.cjs" | ".dependency-cruiser-folders.cjs") {
  const target = config === ".dependency-cruiser.cjs" ? "apps/server/src" : "apps/server/src/modules";
  const run = spawnSync(depcruise, [target, "--config", path.join(root, config), "--output-type", "json"], {
    cwd: path.join(here, "fixtures", fixture),
    encoding: "utf8",
  });
  if (!run.stdout) throw new Error(`depcruise printed nothing: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe("dependency rules", () => {
  it(
    "no-module-folder-cycle fails on two module folders importing each other, which no file loop shows",
    () => {
      expect(violations("module-folder-cycle", ".dependency-cruiser.cjs")).toEqual([]);
      expect(violations("module-folder-cycle", ".dependency-cruiser-folders.cjs")).toEqual([
        "no-module-folder-cycle: apps/server/src/modules/alpha → apps/server/src/modules/beta",
        "no-module-folder-cycle: apps/server/src/modules/beta → apps/server/src/modules/alpha",
      ]);
    },
    CRUISE_TIMEOUT,
  );

  it(
    "no-upward-import fails on the registry, the spine or infrastructure importing a domain module",
    () => {
      expect(violations("upward-import", ".dependency-cruiser.cjs")).toEqual([
        "no-upward-import-to-registry: apps/server/src/jobs/runner.ts → apps/server/src/policies/policy.ts",
        "no-upward-import: apps/server/src/events/catalog.ts → apps/server/src/modules/alpha/rule.ts",
        "no-upward-import: apps/server/src/lib/format.ts → apps/server/src/modules/alpha/rule.ts",
        "no-upward-import: apps/server/src/policies/policy.ts → apps/server/src/modules/alpha/rule.ts",
      ]);
    },
    CRUISE_TIMEOUT,
  );

  it(
    "production-stays-test-free fails on server code outside *.test.ts importing test support",
    () => {
      expect(violations("test-support", ".dependency-cruiser.cjs")).toEqual([
        "production-stays-test-free: apps/server/src/lib/clock.ts → apps/server/test/support/fixed-clock.ts",
      ]);
    },
    CRUISE_TIMEOUT,
  );

  it(
    "passes a layered tree: one module using another, both using the layers below",
    () => {
      expect(violations("layered", ".dependency-cruiser.cjs")).toEqual([]);
      expect(violations("layered", ".dependency-cruiser-folders.cjs")).toEqual([]);
    },
    CRUISE_TIMEOUT,
  );
});
