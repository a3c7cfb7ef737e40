// `npm run bench -- load`: a mixed workload (list, get, search, ask, upload, review) from autocannon,
// 50 connections for 60 s, against a real Quire process on PGlite and on PostgreSQL, printed per
// endpoint, each database's line beside the other's, with a bare Fastify route in its own process
// (the framework's ceiling here). Requests refused at once with 503 and Retry-After (admission
// control), and those refused with 429 and Retry-After (the signed-in user's per-minute limit: one
// bench user sends every upload), are counted apart from errors and from timeouts; requests/s and latencies are of the
// answered (2xx) requests. The load average is printed with the figures: on a shared machine they
// mean little without it.
// LOAD_SECONDS, LOAD_CONNECTIONS (peer), LOAD_DATABASES=pglite,postgres, LOAD_ONLY=<endpoint text>,
// LOAD_REVIEWS (the review pool), BENCH_PG_URL (a throw-away database is made there).
import { loadavg } from "node:os";
import { startPeer, startQuire, type DatabaseChoice } from "./load/targets.js";
import { prepare, runMixed, runPeer, type EndpointResult } from "./load/workload.js";

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 50);
const databases = (process.env.LOAD_DATABASES ?? "pglite,postgres").split(",") as DatabaseChoice[];
const postgresUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const reviews = Number(process.env.LOAD_REVIEWS ?? 300);
/** The upload p99 the embedded default must stay under (the load bench's target). */
const UPLOAD_P99_TARGET_MS = 5_000;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

const COLUMNS = [
  ["conns", 5],
  ["ok", 6],
  ["req/s", 7],
  ["p50 ms", 7],
  ["p95 ms", 7],
  ["p99 ms", 7],
  ["503", 5],
  ["429", 5],
  ["errors", 6],
  ["timeouts", 8],
] as const;

function line(label: string, database: string, r: EndpointResult): string {
  const values = [
    r.connections,
    r.requests,
    r.perSecond.toFixed(1),
    r.p50,
    r.p95,
    r.p99,
    r.busy,
    r.limited,
    r.errors,
    r.timeouts,
  ].map((v, i) => String(v).padStart(COLUMNS[i]![1]));
  return `${label.padEnd(34)} ${database.padEnd(8)} ${values.join(" ")}${r.problems ? `  (${r.problems})` : ""}`;
}

/** One line per endpoint and database, the databases' lines of an endpoint together. */
function table(results: Map<DatabaseChoice, EndpointResult[]>, peer: EndpointResult): string {
  const header = `${"endpoint".padEnd(34)} ${"database".padEnd(8)} ${COLUMNS.map(([name, width]) => name.padStart(width)).join(" ")}`;
  const names = [...new Set([...results.values()].flatMap((rows) => rows.map((r) => r.name)))];
  const lines = names.flatMap((name) =>
    [...results].flatMap(([database, rows]) => {
      const row = rows.find((r) => r.name === name);
      return row ? [line(name, database, row)] : [];
    }),
  );
  return [header, ...lines, line(peer.name, "", peer)].join("\n");
}

export async function runLoadBench(): Promise<void> {
  console.log(`load average before: ${load()}`);
  const peer = await startPeer();
  let peerResult: EndpointResult;
  try {
    peerResult = await runPeer(peer.baseUrl, seconds, connections);
  } finally {
    await peer.close();
  }
  const failures: string[] = [];
  const summary: string[] = [];
  const results = new Map<DatabaseChoice, EndpointResult[]>();
  for (const database of databases) {
    const target = await startQuire(database, postgresUrl);
    try {
      const prepared = await prepare(target, reviews);
      const loadBefore = load();
      const rows = await runMixed(target, prepared, seconds, process.env.LOAD_ONLY);
      results.set(database, rows);
      const sum = (pick: (r: EndpointResult) => number) => rows.reduce((s, r) => s + pick(r), 0);
      const all = sum((r) => r.requests) / seconds;
      const errors = sum((r) => r.errors);
      const timeouts = sum((r) => r.timeouts);
      const busy = sum((r) => r.busy);
      const busyWithRetryAfter = sum((r) => r.busyWithRetryAfter);
      const limited = sum((r) => r.limited);
      const upload = rows.find((r) => r.name.includes("upload"));
      if (errors > 0) failures.push(`${database}: ${errors} errors`);
      if (timeouts > 0) failures.push(`${database}: ${timeouts} timeouts`);
      // A 503 must say when to come back; one without Retry-After is an error like any other.
      if (busy > busyWithRetryAfter)
        failures.push(`${database}: ${busy - busyWithRetryAfter} 503s without Retry-After`);
      if (database === "pglite" && upload && upload.p99 > UPLOAD_P99_TARGET_MS)
        failures.push(`${database}: upload p99 ${upload.p99} ms > ${UPLOAD_P99_TARGET_MS} ms`);
      summary.push(
        `${database}: ${all.toFixed(1)} answered req/s mixed, ${errors} errors, ${timeouts} timeouts, ${busy} refused busy (503, ${busyWithRetryAfter} with Retry-After), ${limited} over the user's per-minute limit (429 with Retry-After); upload ${upload ? `${upload.requests} answered, p50 ${upload.p50} ms, p99 ${upload.p99} ms` : "not run"}; Quire/peer ${(all / peerResult.perSecond).toFixed(4)}; load average ${loadBefore} before, ${load()} after`,
      );
    } finally {
      await target.close();
    }
  }
  console.log(`\n-- ${seconds} s, ${connections} connections\n${table(results, peerResult)}`);
  console.log(`\n${summary.join("\n")}\npeer ${peerResult.perSecond.toFixed(0)} req/s`);
  if (failures.length > 0) {
    console.log(
      `FAIL: ${failures.join("; ")} (the bar is zero errors and timeouts, upload p99 on PGlite ≤ 5 s)`,
    );
    process.exitCode = 1;
  }
}
