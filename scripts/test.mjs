// `npm test`: every test. Unit and API tests (Vitest, real database: PGlite in memory, or the
// PostgreSQL named by TEST_DATABASE_URL), then browser tests (node:test + Playwright driving
// Debian's Chromium against a server started on a fresh data directory). Ends with one summary line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tmp = path.join(root, ".tmp");
mkdirSync(tmp, { recursive: true });
const startedAt = Date.now();
const only = process.argv[2]; // "unit" or "e2e" to run one half

/** "3 min 25 s" */
const duration = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};
const parts = [];

let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;

if (only !== "e2e") {
  const unitStartedAt = Date.now();
  const report = path.join(tmp, "vitest.json");
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    { cwd: root, stdio: "inherit" },
  );
  if (existsSync(report)) {
    const results = JSON.parse(readFileSync(report, "utf8"));
    passed += results.numPassedTests;
    failed += results.numFailedTests;
    skipped += results.numPendingTests + results.numTodoTests;
  }
  ok &&= run.status === 0;
  parts.push(`unit/API tests ${duration(Date.now() - unitStartedAt)}`);
}

if (only !== "unit") {
  const testsDir = path.join(root, "e2e/tests");
  const files = existsSync(testsDir)
    ? readdirSync(testsDir)
        .filter((f) => f.endsWith(".test.ts"))
        .map((f) => `tests/${f}`)
    : [];
  if (files.length > 0) {
    const e2eStartedAt = Date.now();
    const tap = path.join(tmp, "e2e.tap");
    // The demo data directory every browser test file's server copies (see e2e/support/server.ts).
    const dataTemplate = path.join(tmp, `e2e-data-${process.pid}`);
    const run = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--test",
        "--test-concurrency=1",
        "--test-reporter=spec",
        "--test-reporter-destination=stdout",
        "--test-reporter=tap",
        `--test-reporter-destination=${tap}`,
        ...files,
      ],
      {
        cwd: path.join(root, "e2e"),
        stdio: "inherit",
        env: { ...process.env, QUIRE_E2E_DATA_TEMPLATE: dataTemplate },
      },
    );
    rmSync(dataTemplate, { recursive: true, force: true });
    if (existsSync(tap)) {
      const text = readFileSync(tap, "utf8");
      passed += Number(/^# pass (\d+)/m.exec(text)?.[1] ?? 0);
      failed += Number(/^# fail (\d+)/m.exec(text)?.[1] ?? 0);
      skipped +=
        Number(/^# skipped (\d+)/m.exec(text)?.[1] ?? 0) + Number(/^# todo (\d+)/m.exec(text)?.[1] ?? 0);
    }
    ok &&= run.status === 0;
    parts.push(`browser tests ${duration(Date.now() - e2eStartedAt)}`);
  }
}

console.log(`\nTook ${duration(Date.now() - startedAt)}`);
// Each half's own time on its own line, so the "Took" line keeps its shape for anything that reads it.
if (parts.length > 0) console.log(`Of which: ${parts.join("; ")}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok && failed === 0 ? 0 : 1);
