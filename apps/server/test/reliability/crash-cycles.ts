import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createThrowawayDatabase } from "../support/harness";
import { verifyLedger, verifyStorage, waitForJobs, waitForProcessing } from "./crash-verify";
import { emptyLedger, openSessions, runWorkload, seededRandom, type Ledger } from "./crash-workload";
import { seededDataDir, signIn, startServer, type ServerProcess } from "./server-process";

export interface CrashOptions {
  cycles: number;
  seed: number;
  /** A PostgreSQL server to run on (a throw-away database is made on it); PGlite when unset. */
  postgresUrl?: string;
  /** How long the workload runs before the kill: a random moment in this range. */
  runMs?: [number, number];
  log?: (line: string) => void;
}

export interface CrashReport {
  database: "pglite" | "postgres";
  cycles: number;
  kills: number;
  acknowledged: Record<keyof Omit<Ledger, "serverErrors">, number>;
  lost: string[];
  corrupted: string[];
  serverErrors: string[];
  /** Acknowledged documents still processing after the final restart's wait. */
  stillProcessing: number;
  /** Jobs not done, other than those below: still waiting or running, or failed by their own error. */
  unfinishedJobs: number;
  /** Each of those: its kind, status, attempts and last error. */
  unfinishedDetails: string[];
  /**
   * Jobs that ended failed by the kill limit: a process was killed during each one's last attempt
   * (a run longer than the workload lets a process live). The specified ending, not a defect.
   */
  killLimitFailures: number;
  killLimitDetails: string[];
  /** Information only: the passages the search model was fitted on, and those in another model's space. */
  searchModel: { fittedOn: number | null; passages: number; inAnotherModel: number };
  orphansSwept: number;
  orphansLeft: number;
  missingOriginals: number;
  /** Reviews and decisions checked in an earlier round (a new version or submission followed). */
  inSupersededRounds: number;
}

/**
 * Runs the workload against a real server process, kills it with SIGKILL at a random moment,
 * restarts it on the same storage, `cycles` times; then proves nothing acknowledged was lost.
 */
export async function runCrashCycles(options: CrashOptions): Promise<CrashReport> {
  const { cycles, seed, log = () => {} } = options;
  const [minRun, maxRun] = options.runMs ?? [300, 2500];
  const random = seededRandom(seed);
  const database = options.postgresUrl ? await createThrowawayDatabase(options.postgresUrl) : null;
  // On PostgreSQL the first start seeds the throw-away database itself.
  const dataDir = database
    ? mkdtempSync(path.join(tmpdir(), "quire-crash-cycles-"))
    : await seededDataDir("quire-crash-cycles-");
  const blobStore = database ? "db" : "fs";
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO: "true",
    // The workload's own uploads are the jobs a kill interrupts; the 29 sample documents only cost time.
    DEMO_DOCUMENTS: "false",
    BLOB_STORE: blobStore,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const ledger = emptyLedger();
  let server: ServerProcess | null = null;
  let kills = 0;
  try {
    for (let cycle = 1; cycle <= cycles; cycle++) {
      server = await startServer(env);
      const sessions = await openSessions(server.baseUrl);
      const categories = (await (
        await fetch(`${server.baseUrl}/api/categories`, {
          headers: { cookie: sessions.get("author")!.cookie },
        })
      ).json()) as Array<{ id: string }>;
      let stopped = false;
      const uploadsBefore = ledger.uploads.length;
      const work = runWorkload({
        sessions,
        categoryIds: categories.map((c) => c.id),
        ledger,
        random,
        cycle,
        stopped: () => stopped,
      });
      // A freshly started process converts its first upload on a cold worker thread (seconds on a
      // busy machine); a kill before that first answer would test nothing, so the random moment is
      // counted from it (bounded, so a server that never answers still gets its kill).
      const firstAnswerBy = Date.now() + 30_000;
      while (ledger.uploads.length === uploadsBefore && Date.now() < firstAnswerBy) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, minRun + random() * (maxRun - minRun)));
      await server.stop("SIGKILL");
      kills++;
      stopped = true;
      await work;
      log(
        `cycle ${cycle}/${cycles}: killed; ${ledger.uploads.length} uploads, ${ledger.versions.length} edits acknowledged so far`,
      );
    }

    server = await startServer(env);
    const admin = await signIn(server.baseUrl, "admin");
    const ids = [...ledger.uploads.map((u) => u.documentId), ...ledger.versions.map((v) => v.documentId)];
    // A killed process's jobs are taken back at start (PGlite) or once its database session is
    // gone (PostgreSQL); the bounds only stop a broken recovery from hanging the run.
    const stillProcessing = await waitForProcessing(server.baseUrl, admin, ids, 120_000);
    await waitForJobs(server.baseUrl, admin, 120_000);
    const { lost, corrupted, superseded } = await verifyLedger(server.baseUrl, admin, ledger);
    await server.stop("SIGTERM");
    server = null;
    const storage = await verifyStorage({ databaseUrl: database?.url, dataDir, blobStore }, superseded);
    return {
      database: database ? "postgres" : "pglite",
      cycles,
      kills,
      acknowledged: {
        uploads: ledger.uploads.length,
        versions: ledger.versions.length,
        submissions: ledger.submissions.length,
        reviews: ledger.reviews.length,
        decisions: ledger.decisions.length,
      },
      lost: [...lost, ...storage.lost],
      corrupted: [...corrupted, ...storage.corrupted],
      serverErrors: ledger.serverErrors,
      stillProcessing: stillProcessing.length,
      unfinishedJobs: storage.unfinishedJobs,
      unfinishedDetails: storage.unfinishedDetails,
      killLimitFailures: storage.killLimitFailures,
      killLimitDetails: storage.killLimitDetails,
      searchModel: storage.searchModel,
      orphansSwept: storage.orphansSwept,
      orphansLeft: storage.orphansLeft,
      missingOriginals: storage.missingOriginals,
      inSupersededRounds: superseded.reviews.length + superseded.decisions.length,
    };
  } finally {
    await server?.stop("SIGKILL");
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatReport(report: CrashReport): string {
  const acked = Object.values(report.acknowledged).reduce((a, b) => a + b, 0);
  const rows: Array<[string, string | number]> = [
    ["database", report.database],
    ["cycles / SIGKILLs", `${report.cycles} / ${report.kills}`],
    [
      "acknowledged writes",
      `${acked} (${Object.entries(report.acknowledged)
        .map(([k, v]) => `${v} ${k}`)
        .join(", ")})`,
    ],
    ["of which in superseded rounds", report.inSupersededRounds],
    ["lost", report.lost.length],
    ["corrupted", report.corrupted.length],
    ["server errors (5xx)", report.serverErrors.length],
    ["unfinished jobs", report.unfinishedJobs + report.stillProcessing],
    ["failed by the kill limit (as specified)", report.killLimitFailures],
    [
      "search model (information)",
      `fitted on ${report.searchModel.fittedOn ?? "-"} of ${report.searchModel.passages} passages; ${report.searchModel.inAnotherModel} in another model's space`,
    ],
    ["orphans swept / left", `${report.orphansSwept} / ${report.orphansLeft}`],
    ["versions without their original", report.missingOriginals],
  ];
  const details = [
    ...report.lost,
    ...report.corrupted,
    ...report.serverErrors,
    ...report.unfinishedDetails,
  ].slice(0, 20);
  return [
    ...rows.map(([k, v]) => `  ${k.padEnd(40)} ${v}`),
    ...details.map((d) => `  ! ${d}`),
    ...report.killLimitDetails.slice(0, 10).map((d) => `  ~ ${d}`),
  ].join("\n");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      cycles: { type: "string", default: "50" },
      seed: { type: "string", default: String(Date.now() % 100_000) },
      postgres: { type: "string" },
    },
  });
  const options = { cycles: Number(values.cycles), seed: Number(values.seed), postgresUrl: values.postgres };
  console.log(
    `crash cycles: ${options.cycles} on ${options.postgresUrl ? "PostgreSQL" : "PGlite"}, seed ${options.seed}`,
  );
  const report = await runCrashCycles({ ...options, log: (line) => console.log(`  ${line}`) });
  console.log(formatReport(report));
  const clean =
    report.lost.length +
      report.corrupted.length +
      report.serverErrors.length +
      report.unfinishedJobs +
      report.stillProcessing +
      report.orphansLeft +
      report.missingOriginals ===
    0;
  process.exit(clean ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
