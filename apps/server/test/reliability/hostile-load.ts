import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createThrowawayDatabase } from "../support/harness";
import { healthBound, type HealthBound } from "../support/health-bound";
import { debianProse, docxOfParagraphs, oneTokenText } from "../support/hostile-files";
import { inflatingImagePdf } from "../support/inflating-pdf";
import { runDelaysMs } from "../support/run-delay";
import { signIn, startServer, type ServerProcess } from "./server-process";

/**
 * Health under hostile load: a real server process answers /api/health within the relative bound
 * (health-bound.ts: max(1 s, 5 × this run's idle p95), plus 5 × the machine's worst stall of a
 * bystander process over the phase) while an Author uploads three hostile files one after another,
 * each until its processing ended, and five people keep loading the home page and the dashboard.
 * `npm run reliability -- hostile` runs it at full size; hostile-load.test.ts runs it smaller.
 *
 * Each reply is held to the bound in the time that is the server's own: its wall time less the
 * time the operating system kept the server's and this process's main threads waiting for a CPU
 * (run-delay.ts). A bystander's stall does not follow CPU-bound slowness: at a load of 18 on two
 * cores, statements of 20 ms each took a reply to 1.9 s while the bystander woke within 160 ms.
 * A server that holds its loop, computing or blocked, is charged the whole hold. Wall times are
 * reported beside it.
 */
export interface HostileFile {
  name: string;
  bytes: Uint8Array;
  /** What the file is, for the report. */
  label: string;
}

export interface HostileLoadOptions {
  files: HostileFile[];
  /** People loading the dashboard in a loop (demo accounts, one each). */
  dashboardUsers?: number;
  /** A PostgreSQL server to run on (a throw-away database is made there); PGlite when unset. */
  postgresUrl?: string;
  /** Seed the demo archive's documents too (slower first start, a fuller dashboard). */
  demoDocuments?: boolean;
  /** How long one file may take from upload to the end of its processing. */
  perFileTimeoutMs?: number;
  /** How long the dashboard users run alone first, as the phases' baseline (0: none). */
  dashboardOnlyMs?: number;
  /** Extra environment for the server (e.g. NODE_OPTIONS with --cpu-prof while measuring). */
  serverEnv?: Record<string, string>;
  log?: (line: string) => void;
}

export interface PhaseReport {
  label: string;
  /** 201, or the status and reason the upload was refused with. */
  upload: string;
  /** ready or failed (with the reason), or "timeout". */
  outcome: string;
  seconds: number;
  /** The slowest reply this phase allows: the idle bound plus 5 × the machine's stall meanwhile. */
  allowed: number;
  samples: number;
  /** Wall time of the replies. */
  p99: number;
  max: number;
  /** The slowest reply in the server's own time: wall time less the CPU waits (run-delay.ts). */
  ownMax: number;
}

export interface HostileLoadReport {
  database: "pglite" | "postgres";
  /** max(1 s, 5 × idle p95): the bound before the machine's stall is added. */
  bound: number;
  phases: PhaseReport[];
  dashboardLoads: number;
  /** 503 answers with Retry-After (admission control turning work away at once), counted apart. */
  dashboardBusy: number;
  /** Any other answer than 200 on a dashboard request, or a request that failed. */
  dashboardErrors: string[];
  healthErrors: string[];
}

/** What the web's /home and /dashboard pages load (apps/web features/home, features/dashboard). */
const DASHBOARD_REQUESTS = [
  "/api/auth/user",
  "/api/settings",
  "/api/notifications/unread-count",
  "/api/categories/stats",
  "/api/documents?page=1&pageSize=1",
  "/api/documents?page=1&pageSize=1&status=Approved",
  "/api/documents/recent?limit=5",
  "/api/documents/stats",
  "/api/approvals/stats",
  "/api/dashboard/insights",
  "/api/ai/suggestions",
];
const DASHBOARD_PEOPLE = ["admin", "author", "reviewer", "reviewer2", "approver", "viewer"];
const SAMPLE_EVERY_MS = 100;

/** The p-th percentile (0–100) of `values`. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((sorted.length * p) / 100) - 1))] ?? 0;
}

/** One health reply: its wall time from when it was due, and the part that was the server's own. */
interface HealthSample {
  wall: number;
  own: number;
}

/**
 * Asks /api/health every 100 ms until stopped, each reply timed from when it was due: a stall of
 * the server delays the reply; a stall of this process would delay the ask, so the time counts it.
 * The main threads' CPU waits over the same span give the reply's own time.
 */
function healthSampler(baseUrl: string, errors: string[], serverPid: number | undefined) {
  let samples: HealthSample[] = [];
  let stopped = false;
  const pids = serverPid === undefined ? [process.pid] : [serverPid, process.pid];
  const running = (async () => {
    let due = performance.now();
    let waitedAtDue = runDelaysMs(pids);
    while (!stopped) {
      try {
        const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        if (res.status !== 200) errors.push(`health answered ${res.status}`);
      } catch (error) {
        errors.push(`health failed: ${String(error)}`);
      }
      const wall = performance.now() - due;
      samples.push({ wall, own: Math.max(0, wall - (runDelaysMs(pids) - waitedAtDue)) });
      due = performance.now() + SAMPLE_EVERY_MS;
      await new Promise((r) => setTimeout(r, SAMPLE_EVERY_MS));
      // Counted from when the ask was due, like the wall time: a wait that began late is still its.
      waitedAtDue = runDelaysMs(pids);
    }
  })();
  return {
    /** The samples since the last take. */
    take(): HealthSample[] {
      const taken = samples;
      samples = [];
      return taken;
    },
    async stop(): Promise<void> {
      stopped = true;
      await running;
    },
  };
}

/** People loading the dashboard's requests, all at once as a browser does, again and again. */
function dashboardUsers(baseUrl: string, cookies: string[], report: HostileLoadReport) {
  let stopped = false;
  const loops = cookies.map(async (cookie) => {
    while (!stopped) {
      await Promise.all(
        DASHBOARD_REQUESTS.map(async (url) => {
          try {
            const res = await fetch(`${baseUrl}${url}`, {
              headers: { cookie },
              signal: AbortSignal.timeout(60_000),
            });
            await res.arrayBuffer();
            if (res.status === 503 && res.headers.get("retry-after")) report.dashboardBusy++;
            else if (res.status !== 200) report.dashboardErrors.push(`${url}: ${res.status}`);
          } catch (error) {
            report.dashboardErrors.push(`${url}: ${String(error)}`);
          }
        }),
      );
      report.dashboardLoads++;
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(loops);
  };
}

async function uploadAndWait(
  server: ServerProcess,
  author: { cookie: string; categoryId: string },
  file: HostileFile,
  timeoutMs: number,
): Promise<{ upload: string; outcome: string }> {
  const form = new FormData();
  form.set("title", file.name);
  form.set("categoryId", author.categoryId);
  form.set("file", new Blob([file.bytes]), file.name);
  const send = () =>
    fetch(`${server.baseUrl}/api/documents/upload`, {
      method: "POST",
      headers: { cookie: author.cookie, origin: server.baseUrl },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
  let res = await send();
  // Turned away while busy (503, Retry-After): sent again once, after the time asked.
  if (res.status === 503) {
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("retry-after") ?? 1)));
    res = await send();
  }
  const body = (await res.json()) as { id?: string; message?: string };
  if (res.status !== 201 || !body.id) return { upload: `${res.status} ${body.message ?? ""}`, outcome: "-" };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const doc = await fetch(`${server.baseUrl}/api/documents/${body.id}`, {
      headers: { cookie: author.cookie },
    });
    // A busy server turns a read away with 503 and Retry-After: the Author waits as asked.
    if (doc.status === 503) {
      await doc.arrayBuffer();
      await new Promise((r) => setTimeout(r, 1000 * Number(doc.headers.get("retry-after") ?? 1)));
      continue;
    }
    if (doc.status !== 200) return { upload: "201", outcome: `reading it answered ${doc.status}` };
    const { processing } = (await doc.json()) as { processing: { state: string; error: string | null } };
    if (processing.state === "ready") return { upload: "201", outcome: "ready" };
    if (processing.state === "failed") return { upload: "201", outcome: `failed: ${processing.error}` };
    await new Promise((r) => setTimeout(r, 500));
  }
  return { upload: "201", outcome: "timeout" };
}

async function categoryOf(server: ServerProcess, cookie: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/categories`, { headers: { cookie } });
  const categories = (await res.json()) as Array<{ id: string }>;
  const first = categories[0];
  if (!first) throw new Error("the demo archive has no category");
  return first.id;
}

/** Starts the server, measures idle health, then runs the files under dashboard load. */
export async function runHostileLoad(options: HostileLoadOptions): Promise<HostileLoadReport> {
  const log = options.log ?? (() => {});
  const dataDir = mkdtempSync(path.join(tmpdir(), "quire-hostile-load-"));
  const database = options.postgresUrl ? await createThrowawayDatabase(options.postgresUrl) : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO: "true",
    DEMO_DOCUMENTS: options.demoDocuments ? "true" : "false",
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.serverEnv,
  };
  let server: ServerProcess | null = null;
  try {
    server = await startServer(env);
    const running = server;
    const report: HostileLoadReport = {
      database: database ? "postgres" : "pglite",
      bound: 0,
      phases: [],
      dashboardLoads: 0,
      dashboardBusy: 0,
      dashboardErrors: [],
      healthErrors: [],
    };
    const people = DASHBOARD_PEOPLE.slice(0, options.dashboardUsers ?? 5);
    const cookies = await Promise.all(people.map((name) => signIn(running.baseUrl, name)));
    const authorCookie = await signIn(running.baseUrl, "author");
    const author = { cookie: authorCookie, categoryId: await categoryOf(running, authorCookie) };
    const bound = await healthBound(() =>
      fetch(`${running.baseUrl}/api/health`).then((r) => r.arrayBuffer()),
    );
    report.bound = bound.idle;
    log(`bound max(1 s, 5 × idle p95) = ${report.bound.toFixed(0)} ms`);
    const sampler = healthSampler(running.baseUrl, report.healthErrors, running.child.pid);
    const stopUsers = dashboardUsers(running.baseUrl, cookies, report);
    try {
      if (options.dashboardOnlyMs) {
        sampler.take();
        const since = Date.now();
        await new Promise((r) => setTimeout(r, options.dashboardOnlyMs));
        const samples = sampler.take();
        const phase = await phaseOf(
          "dashboard users alone",
          { upload: "-", outcome: "-" },
          { ms: options.dashboardOnlyMs, since, bound },
          samples,
        );
        report.phases.push(phase);
        log(formatPhase(phase));
      }
      for (const file of options.files) {
        sampler.take();
        const started = performance.now();
        const since = Date.now();
        const result = await uploadAndWait(running, author, file, options.perFileTimeoutMs ?? 300_000);
        const window = { ms: performance.now() - started, since, bound };
        const phase = await phaseOf(file.label, result, window, sampler.take());
        report.phases.push(phase);
        log(formatPhase(phase));
      }
    } finally {
      await stopUsers();
      await sampler.stop();
    }
    return report;
  } finally {
    await server?.stop("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

async function phaseOf(
  label: string,
  result: { upload: string; outcome: string },
  window: { ms: number; since: number; bound: HealthBound },
  samples: HealthSample[],
): Promise<PhaseReport> {
  const walls = samples.map((s) => s.wall);
  return {
    label,
    ...result,
    seconds: window.ms / 1000,
    allowed: await window.bound.allowed(window.since),
    samples: samples.length,
    p99: percentile(walls, 99),
    max: Math.max(0, ...walls),
    ownMax: Math.max(0, ...samples.map((s) => s.own)),
  };
}

function formatPhase(p: PhaseReport): string {
  const verdict = p.ownMax <= p.allowed ? "within" : "OVER";
  return `${p.label}: upload ${p.upload}, ${p.outcome} after ${p.seconds.toFixed(1)} s; health p99 ${p.p99.toFixed(0)} ms, max ${p.max.toFixed(0)} ms, the server's own ${p.ownMax.toFixed(0)} ms (${p.samples} samples), ${verdict} the ${p.allowed.toFixed(0)} ms allowed`;
}

/** Whether every phase stayed within the bound and nothing failed. */
export function passed(report: HostileLoadReport): boolean {
  return (
    report.phases.every((p) => p.ownMax <= p.allowed && p.outcome !== "timeout") &&
    report.healthErrors.length === 0 &&
    report.dashboardErrors.length === 0
  );
}

export function formatReport(report: HostileLoadReport): string {
  const lines = [
    `database ${report.database}; bound max(1 s, 5 × idle p95) = ${report.bound.toFixed(0)} ms, plus 5 × the machine's worst stall in each phase`,
    ...report.phases.map((p) => `  ${formatPhase(p)}`),
    `dashboard: ${report.dashboardLoads} page loads, ${report.dashboardBusy} answered 503 busy (Retry-After), ${report.dashboardErrors.length} errors`,
    ...report.dashboardErrors.slice(0, 10).map((e) => `  ! ${e}`),
    ...report.healthErrors.slice(0, 10).map((e) => `  ! ${e}`),
  ];
  return lines.join("\n");
}

/** The three files of the full-size run. */
export function fullSizeFiles(): HostileFile[] {
  return [
    {
      name: "debian-prose.docx",
      label: "(a) DOCX of 4.7M characters of Debian prose",
      bytes: docxOfParagraphs(debianProse(4_700_000)),
    },
    {
      name: "one-token.txt",
      label: "(b) TXT of one 4.9M-character token",
      bytes: Buffer.from(oneTokenText(4_900_000)),
    },
    {
      name: "inflating.pdf",
      label: "(c) 1 MB PDF whose image inflates to 1 GB",
      bytes: inflatingImagePdf(),
    },
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { postgres: { type: "string" }, "demo-documents": { type: "boolean", default: false } },
  });
  console.log(`health under hostile load on ${values.postgres ? "PostgreSQL" : "PGlite"}, 5 dashboard users`);
  const report = await runHostileLoad({
    files: fullSizeFiles(),
    postgresUrl: values.postgres,
    demoDocuments: values["demo-documents"],
    dashboardOnlyMs: 20_000,
    log: (line) => console.log(`  ${line}`),
  });
  console.log(formatReport(report));
  process.exit(passed(report) ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
