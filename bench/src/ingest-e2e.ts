/**
 * Ingest end to end: documents per second from arrival to searchable for BENCH_INGEST_FILES real
 * text files (default 1,000) through the watched folder and then as many through the upload API,
 * on one real Quire process (main.ts, PGlite, its own job runner), with search p50/p95 of queries a
 * user sends during each import beside the same queries on the idle archive afterwards.
 *
 * "Searchable" is what a user observes: a full-text search for the word only that file holds
 * finds it. A prober asks for the files in arrival order and moves on as each is found, so a
 * file's time is when the prober first saw it (within one probe, 0.5 s, of the truth).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import {
  signIn,
  startServer,
  type ServerProcess,
} from "../../apps/server/test/reliability/server-process.js";
import { ingestFiles, MAX_CHARS, type IngestFile } from "./ingest-e2e-corpus.js";

const FILES = Number(process.env.BENCH_INGEST_FILES ?? 1000);
/** A short settle time, so the folder's wait for a file to stop changing is not what is measured. */
const SETTLE_SECONDS = Number(process.env.BENCH_INGEST_SETTLE_SECONDS ?? 1);
const SCAN_SECONDS = 1;
/** An import that finds nothing new for this long has stalled: the bench says so and stops. */
const STALL_MS = 180_000;
/** What a user looks for meanwhile: words and phrases these texts hold. */
const QUERIES = [
  "license",
  "copyright holders",
  "bug fix",
  "new upstream release",
  "security",
  "memory leak",
  "configuration file",
  "GNU General Public License",
  "build dependencies",
  "documentation",
  "standards version",
  "permission is hereby granted",
  "segmentation fault",
  "translation",
  "warranty",
  "manual page",
  "crash on startup",
  "compiler warnings",
  "source code",
  "maintainer",
];
/** BENCH_INGEST_STEPS=1: the server logs each processing step's duration (LOG_LEVEL=debug), summed per path. */
const STEPS = process.env.BENCH_INGEST_STEPS === "1";
const IDLE_PASSES = 10;
const PROBE_PAUSE_MS = 500;
const MISSES_PER_ROUND = 3;
/** A user's pause between searches (a few people searching, not a tight loop). */
const USER_PAUSE_MS = 200;

interface Server {
  baseUrl: string;
  admin: string;
  author: string;
  process: ServerProcess;
}

interface PathResult {
  label: string;
  files: number;
  /** Seconds from the first arrival. */
  firstSearchable: number;
  lastSearchable: number;
  arrivedIn: number;
  found: number;
  refusals: Record<string, number>;
  search: number[];
  searchRefused: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function search(server: Server, q: string, mode?: "fulltext"): Promise<Response> {
  const params = new URLSearchParams({ q, limit: "10", ...(mode ? { mode } : {}) });
  return fetch(`${server.baseUrl}/api/search?${params}`, { headers: { cookie: server.admin } });
}

/**
 * Finds the files in arrival order; answers each found file's time (ms after `start`). A round asks
 * for pending files in order until MISSES_PER_ROUND are not found yet, so one file that never
 * becomes searchable does not hide the others.
 */
async function probe(server: Server, files: IngestFile[], start: number): Promise<number[]> {
  const times: number[] = [];
  let pending = [...files];
  let progressAt = performance.now();
  while (pending.length > 0 && performance.now() - progressAt < STALL_MS) {
    const missed: IngestFile[] = [];
    let asked = 0;
    for (const file of pending) {
      if (missed.length >= MISSES_PER_ROUND) break;
      asked++;
      const res = await search(server, file.token, "fulltext");
      const found = res.ok && ((await res.json()) as unknown[]).length > 0;
      if (!res.ok) await res.text();
      if (!found) missed.push(file);
      else {
        times.push(performance.now() - start);
        progressAt = performance.now();
      }
    }
    pending = [...missed, ...pending.slice(asked)];
    // Probes are search load too: twice a second leaves the import room to work.
    if (missed.length > 0) await sleep(PROBE_PAUSE_MS);
  }
  return times;
}

/** A user searching now and then while `busy()` holds; answers the latencies of answered queries. */
async function searchWhile(server: Server, busy: () => boolean): Promise<{ ms: number[]; refused: number }> {
  const ms: number[] = [];
  let refused = 0;
  for (let i = 0; busy(); i++) {
    const at = performance.now();
    const res = await search(server, QUERIES[i % QUERIES.length]!);
    await res.text();
    if (res.ok) ms.push(performance.now() - at);
    else refused++;
    await sleep(USER_PAUSE_MS);
  }
  return { ms, refused };
}

async function measure(
  server: Server,
  label: string,
  files: IngestFile[],
  deliver: () => Promise<Record<string, number>>,
): Promise<PathResult> {
  const start = performance.now();
  let importing = true;
  const searching = searchWhile(server, () => importing);
  const delivered = deliver().then((refusals) => ({ refusals, at: performance.now() - start }));
  const times = await probe(server, files, start);
  importing = false;
  const { refusals, at } = await delivered;
  const { ms, refused } = await searching;
  return {
    label,
    files: files.length,
    firstSearchable: (times[0] ?? NaN) / 1000,
    lastSearchable: (times[times.length - 1] ?? NaN) / 1000,
    arrivedIn: at / 1000,
    found: times.length,
    refusals,
    search: ms,
    searchRefused: refused,
  };
}

/** Writes every file into the folder at once, as a scanner or a copy would. */
function deliverToFolder(dir: string, files: IngestFile[]): () => Promise<Record<string, number>> {
  return async () => {
    for (const file of files) writeFileSync(path.join(dir, file.name), file.text);
    return {};
  };
}

/**
 * Two users uploading one file after another each (each user may upload 600 a minute); a refusal
 * (429 over the rate, 503 busy) waits as Retry-After says and sends again, as the web app does.
 */
function deliverByApi(server: Server, files: IngestFile[], categoryId: string) {
  return async (): Promise<Record<string, number>> => {
    const refusals: Record<string, number> = {};
    let next = 0;
    const uploader = async (cookie: string) => {
      for (let index = next++; index < files.length; index = next++) {
        const file = files[index]!;
        for (;;) {
          const form = new FormData();
          form.set("categoryId", categoryId);
          form.set("file", new Blob([file.text], { type: "text/plain" }), file.name);
          const res = await fetch(`${server.baseUrl}/api/documents/upload`, {
            method: "POST",
            headers: { cookie, origin: server.baseUrl },
            body: form,
          });
          const body = await res.text();
          if (res.status === 201) break;
          if (res.status !== 429 && res.status !== 503)
            throw new Error(`upload ${file.name}: ${res.status} ${body}`);
          refusals[res.status] = (refusals[res.status] ?? 0) + 1;
          await sleep(Number(res.headers.get("retry-after") ?? 1) * 1000);
        }
      }
    };
    await Promise.all([uploader(server.admin), uploader(server.author)]);
    return refusals;
  };
}

async function idleSearch(server: Server): Promise<number[]> {
  const ms: number[] = [];
  for (let pass = 0; pass < IDLE_PASSES; pass++) {
    for (const q of QUERIES) {
      const at = performance.now();
      const res = await search(server, q);
      await res.text();
      if (res.ok) ms.push(performance.now() - at);
      await sleep(USER_PAUSE_MS);
    }
  }
  return ms;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "–");
const latency = (ms: number[]) =>
  `p50 ${fmt(percentile(ms, 50))} ms, p95 ${fmt(percentile(ms, 95))} ms (${ms.length} queries)`;

function printPath(r: PathResult): void {
  const rate = r.found / r.lastSearchable;
  const refused = Object.entries(r.refusals)
    .map(([status, n]) => `${n}× ${status}`)
    .join(", ");
  console.log(
    `  ${r.label}: ${fmt(rate)} documents/s arrival → searchable (${r.found}/${r.files} found; first searchable ${fmt(r.firstSearchable)} s, last ${fmt(r.lastSearchable)} s after the first arrival; all arrived in ${fmt(r.arrivedIn)} s${refused ? `, refusals retried: ${refused}` : ""})`,
  );
  console.log(
    `    search during the import: ${latency(r.search)}${r.searchRefused ? `, ${r.searchRefused} refused` : ""}`,
  );
}

/** The "processing step" lines (pipeline.ts) in a stretch of the server's output: milliseconds and count per step. */
function stepTotals(output: string): Map<string, { ms: number; count: number }> {
  const totals = new Map<string, { ms: number; count: number }>();
  for (const line of output.split("\n")) {
    if (!line.includes('"processing step"')) continue;
    const { step, ms } = JSON.parse(line) as { step: string; ms: number };
    const total = totals.get(step) ?? { ms: 0, count: 0 };
    totals.set(step, { ms: total.ms + ms, count: total.count + 1 });
  }
  return totals;
}

function printSteps(output: string): void {
  const totals = [...stepTotals(output)].sort((a, b) => b[1].ms - a[1].ms);
  const all = totals.reduce((sum, [, t]) => sum + t.ms, 0);
  if (all === 0) return;
  const parts = totals.map(
    ([step, t]) =>
      `${step} ${fmt(t.ms / 1000)} s (${Math.round((100 * t.ms) / all)}%, ${fmt(t.ms / t.count)} ms each)`,
  );
  console.log(
    `    processing steps, summed over the documents (a step's time includes its waits): ${parts.join(", ")}`,
  );
}

async function startBenchServer(consumeDir: string, dataDir: string): Promise<Server> {
  const process = await startServer(
    {
      DATA_DIR: dataDir,
      DEMO: "true",
      // Demo users, no demo documents: the archive holds what the bench brings.
      DEMO_DOCUMENTS: "false",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      CONSUME_DIR: consumeDir,
      CONSUME_OWNER: "admin",
      CONSUME_SETTLE_SECONDS: String(SETTLE_SECONDS),
      CONSUME_SCAN_SECONDS: String(SCAN_SECONDS),
      ...(STEPS ? { LOG_LEVEL: "debug" } : {}),
    },
    300_000,
  );
  return {
    baseUrl: process.baseUrl,
    process,
    admin: await signIn(process.baseUrl, "admin"),
    author: await signIn(process.baseUrl, "author"),
  };
}

export async function benchIngestEndToEnd(): Promise<void> {
  const files = ingestFiles(FILES * 2);
  const folderFiles = files.slice(0, FILES);
  const apiFiles = files.slice(FILES);
  const chars = files.reduce((sum, f) => sum + f.text.length, 0);
  console.log(
    `ingest end to end: ${FILES} files through the watched folder, then ${FILES} through the upload API, one Quire process (PGlite, its job runner in-process), load average ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `  real text from /usr/share/doc (copyright, changelogs, READMEs, NEWS, notes; cut at ${MAX_CHARS} characters), ${Math.round(chars / files.length)} characters a file on average; folder settle time ${SETTLE_SECONDS} s, scanned every ${SCAN_SECONDS} s (BENCH_INGEST_SETTLE_SECONDS); a user searches with ${USER_PAUSE_MS} ms between queries, a prober looks for each file's own word every ${PROBE_PAUSE_MS} ms`,
  );
  const root = mkdtempSync(path.join(tmpdir(), "quire-bench-ingest-"));
  const consumeDir = path.join(root, "consume");
  mkdirSync(consumeDir);
  const server = await startBenchServer(consumeDir, path.join(root, "data"));
  try {
    const [category] = (await (
      await fetch(`${server.baseUrl}/api/categories`, { headers: { cookie: server.admin } })
    ).json()) as Array<{ id: string }>;
    // Each path is printed when done, so a long run shows its figures as it goes.
    let mark = server.process.output().length;
    printPath(await measure(server, "watched folder", folderFiles, deliverToFolder(consumeDir, folderFiles)));
    if (STEPS) printSteps(server.process.output().slice(mark));
    mark = server.process.output().length;
    printPath(await measure(server, "upload API", apiFiles, deliverByApi(server, apiFiles, category!.id)));
    if (STEPS) printSteps(server.process.output().slice(mark));
    const idle = await idleSearch(server);
    console.log(
      `  the same queries on the idle archive after both imports (${FILES * 2} documents): ${latency(idle)}`,
    );
    console.log(`  load average at the end ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await server.process.stop("SIGTERM");
    rmSync(root, { recursive: true, force: true });
  }
}
