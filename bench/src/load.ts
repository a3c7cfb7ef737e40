// `npm run bench -- load`: a mixed workload (list, get, search, ask, upload, review) from autocannon,
// 50 connections for 60 s, against a real Quire process on PGlite and on PostgreSQL, printed per
// endpoint beside a bare Fastify route in its own process (the framework's ceiling here). Requests
// refused at once with 503 and Retry-After (admission control) are counted apart from errors;
// requests/s and latencies are of the answered (2xx) requests.
// LOAD_SECONDS, LOAD_CONNECTIONS (peer), LOAD_DATABASES=pglite,postgres, LOAD_ONLY=<endpoint text>,
// LOAD_REVIEWS (the review pool), BENCH_PG_URL (a throw-away database is made there).
import { startPeer, startQuire, type DatabaseChoice } from "./load/targets.js";
import { prepare, runMixed, runPeer, type EndpointResult } from "./load/workload.js";

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 50);
const databases = (process.env.LOAD_DATABASES ?? "pglite,postgres").split(",") as DatabaseChoice[];
const postgresUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const reviews = Number(process.env.LOAD_REVIEWS ?? 300);

function table(title: string, rows: EndpointResult[]): string {
  const header = `${"endpoint".padEnd(36)} ${"conns".padStart(5)} ${"answered".padStart(8)} ${"req/s".padStart(9)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"503s".padStart(6)} ${"errors".padStart(6)}`;
  const lines = rows.map(
    (r) =>
      `${r.name.padEnd(36)} ${String(r.connections).padStart(5)} ${String(r.requests).padStart(8)} ${r.perSecond.toFixed(1).padStart(9)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.busy).padStart(6)} ${String(r.errors).padStart(6)}${r.problems ? `  (${r.problems})` : ""}`,
  );
  return [`-- ${title}`, header, ...lines].join("\n");
}

export async function runLoadBench(): Promise<void> {
  const peer = await startPeer();
  let peerResult: EndpointResult;
  try {
    peerResult = await runPeer(peer.baseUrl, seconds, connections);
  } finally {
    await peer.close();
  }
  let totalErrors = 0;
  const summary: string[] = [];
  for (const database of databases) {
    const target = await startQuire(database, postgresUrl);
    try {
      const prepared = await prepare(target, reviews);
      const rows = await runMixed(target, prepared, seconds, process.env.LOAD_ONLY);
      const all = rows.reduce((sum, r) => sum + r.requests, 0) / seconds;
      const errors = rows.reduce((sum, r) => sum + r.errors, 0);
      const busy = rows.reduce((sum, r) => sum + r.busy, 0);
      const busyWithRetryAfter = rows.reduce((sum, r) => sum + r.busyWithRetryAfter, 0);
      const upload = rows.find((r) => r.name.includes("upload"));
      totalErrors += errors;
      // A 503 must say when to come back; one without Retry-After is an error like any other.
      totalErrors += busy - busyWithRetryAfter;
      console.log(
        `\n${table(`Quire on ${database}: ${seconds} s, ${rows.reduce((s, r) => s + r.connections, 0)} connections`, [...rows, peerResult])}`,
      );
      summary.push(
        `${database}: ${all.toFixed(1)} answered req/s mixed, ${errors} errors and timeouts, ${busy} refused busy (503, ${busyWithRetryAfter} with Retry-After); upload ${upload ? `${upload.requests} answered, p50 ${upload.p50} ms, p99 ${upload.p99} ms` : "not run"}; peer ${peerResult.perSecond.toFixed(0)} req/s (Quire/peer ${(all / peerResult.perSecond).toFixed(4)})`,
      );
    } finally {
      await target.close();
    }
  }
  console.log(`\n${summary.join("\n")}`);
  if (totalErrors > 0) {
    console.log(`FAIL: ${totalErrors} errors (the bar is zero)`);
    process.exitCode = 1;
  }
}
