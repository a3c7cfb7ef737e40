// `npm run reliability [-- fuzz|scale-out|crash|hostile] [--cycles N] [--seed S]`: the full-size versions of
// the reliability checks CI runs small. PostgreSQL parts use RELIABILITY_POSTGRES_URL (default: the
// local server); each makes and drops its own throw-away database there.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    cycles: { type: "string", default: "50" },
    seed: { type: "string", default: "20261124" },
  },
});
const postgres = process.env.RELIABILITY_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const only = positionals[0];
const known = ["fuzz", "scale-out", "crash", "hostile"];
if (only && !known.includes(only)) {
  console.error(`unknown part '${only}': choose one of ${known.join(", ")}`);
  process.exit(2);
}

const steps = [
  {
    part: "fuzz",
    title: "fuzzing: 10,000 generated requests against every route",
    command: ["npx", "vitest", "run", "apps/server/src/security/fuzz.test.ts"],
    env: { FUZZ_RUNS: process.env.FUZZ_RUNS ?? "10000" },
  },
  {
    part: "scale-out",
    title: "scale-out: two API processes and two workers on PostgreSQL, 100 uploads",
    command: ["npx", "vitest", "run", "apps/server/test/reliability/scale-out.test.ts"],
    env: { TEST_DATABASE_URL: postgres, SCALE_OUT_UPLOADS: process.env.SCALE_OUT_UPLOADS ?? "100" },
  },
  ...[null, postgres].map((url) => ({
    part: "crash",
    title: `crash safety: ${values.cycles} SIGKILLs on ${url ? "PostgreSQL" : "PGlite"}`,
    command: [
      process.execPath,
      "--import",
      "tsx",
      "apps/server/test/reliability/crash-cycles.ts",
      "--cycles",
      values.cycles,
      "--seed",
      values.seed,
      ...(url ? ["--postgres", url] : []),
    ],
    env: {},
  })),
];

// The watched folder under SIGKILL: every file taken exactly once, none lost, on each database.
steps.push(
  ...[null, postgres].map((url) => ({
    part: "crash",
    title: `crash safety: the watched folder, ${values.cycles} SIGKILLs while files are taken on ${url ? "PostgreSQL" : "PGlite"}`,
    command: [
      process.execPath,
      "--import",
      "tsx",
      "apps/server/test/reliability/crash-folder.ts",
      "--cycles",
      String(Math.min(Number(values.cycles), 10)),
      "--seed",
      values.seed,
      ...(url ? ["--postgres", url] : []),
    ],
    env: {},
  })),
);

// Health while five people load the dashboard and an Author's hostile files are processed.
steps.push(
  ...[null, postgres].map((url) => ({
    part: "hostile",
    title: `health under hostile load: a 4.7M-character DOCX, a 4.9M-character token, a PDF inflating to 1 GB, 5 dashboard users, on ${url ? "PostgreSQL" : "PGlite"}`,
    command: [
      process.execPath,
      "--import",
      "tsx",
      "apps/server/test/reliability/hostile-load.ts",
      ...(url ? ["--postgres", url] : []),
    ],
    env: {},
  })),
);

// Mail ingestion under SIGKILL against a real IMAP server (dovecot): every message taken once, none lost.
steps.push(
  ...[null, postgres].map((url) => ({
    part: "crash",
    title: `crash safety: mail ingestion, ${Math.min(Number(values.cycles), 5)} SIGKILLs while messages are taken on ${url ? "PostgreSQL" : "PGlite"}`,
    command: [
      process.execPath,
      "--import",
      "tsx",
      "apps/server/test/reliability/crash-mail.ts",
      "--cycles",
      String(Math.min(Number(values.cycles), 5)),
      "--seed",
      values.seed,
      ...(url ? ["--postgres", url] : []),
    ],
    env: {},
  })),
);

const results = [];
for (const step of steps.filter((s) => !only || s.part === only)) {
  console.log(`\n== ${step.title}`);
  const started = Date.now();
  const run = spawnSync(step.command[0], step.command.slice(1), {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...step.env },
  });
  results.push({
    title: step.title,
    ok: run.status === 0,
    seconds: Math.round((Date.now() - started) / 1000),
  });
}
console.log("\n== reliability summary");
for (const r of results) console.log(`  ${r.ok ? "pass" : "FAIL"}  ${r.title} (${r.seconds} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
