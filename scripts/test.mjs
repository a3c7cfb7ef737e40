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
// After "unit", Vitest's own options: `npm test -- unit --project server` runs one project.
const vitestArgs = only === "unit" ? process.argv.slice(3) : [];

/** "3 min 25 s" */
const duration = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};
const parts = [];

/**
 * Each half is bounded, so a run that stalls (a hung browser, a server that never answers) ends
 * with a failure and the other half's results instead of holding CI until its own time limit:
 * a browser test file gets 15 minutes (its longest takes about 4 here), each half 90. The browser
 * half took 45 minutes on a two-core machine busy with a second full run, so a bound near that
 * would fail a slow run that stalled nowhere.
 */
const FILE_LIMIT_MS = 15 * 60_000;
const HALF_LIMIT_MS = 90 * 60_000;
const clock = () => new Date().toISOString().slice(11, 19);
/** A line saying why a half ended early, when spawnSync's time limit stopped it. */
const reportLimit = (name, run) => {
  if (run.error?.code === "ETIMEDOUT") {
    console.error(`\n${name} stopped after ${duration(HALF_LIMIT_MS)}: the run is failed, not waited on`);
  }
};

/** Each failed test by file and name, printed last: a log cut to its end still says what failed. */
const failures = [];
const firstLine = (text) =>
  String(text ?? "")
    .split("\n")[0]
    .slice(0, 200);
let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;

if (only !== "e2e") {
  const unitStartedAt = Date.now();
  console.log(`== unit/API tests, started ${clock()} UTC`);
  const report = path.join(tmp, "vitest.json");
  rmSync(report, { force: true });
  // Vitest's own entry run by this Node (not through npx), so the time limit stops Vitest itself.
  const vitest = path.join(root, "node_modules/vitest/vitest.mjs");
  const run = spawnSync(
    process.execPath,
    [vitest, "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...vitestArgs],
    { cwd: root, stdio: "inherit", timeout: HALF_LIMIT_MS, killSignal: "SIGKILL" },
  );
  reportLimit("unit/API tests", run);
  if (existsSync(report)) {
    const results = JSON.parse(readFileSync(report, "utf8"));
    passed += results.numPassedTests;
    failed += results.numFailedTests;
    for (const file of results.testResults ?? []) {
      const name = path.relative(root, file.name);
      const tests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const t of tests) failures.push(`${name} > ${t.fullName}`);
      // A file that failed before any test ran (an import or a hook) has no failed test to name.
      if (tests.length === 0 && file.status === "failed")
        failures.push(`${name}: ${firstLine(file.message)}`);
    }
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
    console.log(`== browser tests, started ${clock()} UTC`);
    const tap = path.join(tmp, "e2e.tap");
    rmSync(tap, { force: true });
    // The demo data directory every browser test file's server copies (see e2e/support/server.ts).
    const dataTemplate = path.join(tmp, `e2e-data-${process.pid}`);
    const run = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--test",
        "--test-concurrency=1",
        // In Node 20 this bounds each test file as a whole (its hooks included).
        `--test-timeout=${FILE_LIMIT_MS}`,
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
        timeout: HALF_LIMIT_MS,
        killSignal: "SIGKILL",
      },
    );
    reportLimit("browser tests", run);
    rmSync(dataTemplate, { recursive: true, force: true });
    if (existsSync(tap)) {
      const text = readFileSync(tap, "utf8");
      // The summary lines, or (a run stopped before writing them) the results' own lines.
      const results = (pattern) => (text.match(pattern) ?? []).length;
      for (const [, name] of text.matchAll(/^\s*not ok \d+ - (.*)$/gm)) failures.push(`e2e > ${name}`);
      passed += Number(/^# pass (\d+)/m.exec(text)?.[1] ?? results(/^ok \d+ - (?!.*# SKIP)/gm));
      failed += Number(/^# fail (\d+)/m.exec(text)?.[1] ?? results(/^not ok \d+ - /gm));
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
for (const failure of failures) console.log(`  failed: ${failure}`);
process.exit(ok && failed === 0 ? 0 : 1);
