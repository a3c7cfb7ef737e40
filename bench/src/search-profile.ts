/**
 * Where a search's time goes (`npx tsx bench/src/search-profile.ts pglite|postgres [documents]`):
 * the corpus of `npm run bench -- search` loaded once, then its latency queries run with every
 * statement timed by the repository function that issued it (TIMED=1: capturing the caller's
 * stack costs a few ms a query itself, so compare totals without it; TIMED=total sums the
 * statements without naming them, which costs nothing, so the rest is the ranking in JS).
 * PostgreSQL: BENCH_PG_URL, a fresh database (the corpus is written into it).
 */
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { SearchMode } from "@quire/contracts";
import { openDatabase, type Database } from "../../apps/server/src/db/client.js";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import { buildCorpus, knownItems } from "./search-corpus.js";
import { buildLongCorpus, longKnownItems } from "./search-long-corpus.js";
import { insertDocuments, latencyQueries, percentile, refit, searchOnly } from "./search.js";

const kind = process.argv[2] ?? "pglite";
const size = Number(process.argv[3] ?? 1000);
const url = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/searchlat";

const spent = new Map<string, number[]>();
let current: Map<string, number> | null = null;

/** The first frame outside drizzle and this file: the repository function that ran the statement. */
function caller(): string {
  const frames = (new Error().stack ?? "").split("\n").slice(2);
  const frame = frames.find((f) => f.includes("/modules/") || f.includes("/apps/server/src/"));
  return (
    frame
      ?.trim()
      .replace(/\s+\(.*$/, "")
      .replace(/^at /, "") ?? "?"
  );
}

function timed(db: Database): Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop !== "execute" || typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        const name = process.env.TIMED === "total" ? "database (all statements)" : caller();
        const started = performance.now();
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          current?.set(name, (current.get(name) ?? 0) + performance.now() - started);
        }
      };
    },
  });
}

async function main() {
  const long = process.env.CORPUS === "long";
  const corpus = long ? buildLongCorpus(size) : buildCorpus(size);
  const items = long ? [] : knownItems(corpus);
  const longItems = long ? longKnownItems(corpus) : { short: [], sentence: [] };
  const queries = long
    ? [...longItems.short, ...longItems.sentence]
        .filter((i) => !i.fit)
        .map((i) => i.query)
        .slice(0, 400)
    : latencyQueries(corpus, [
        ...items.filter((i) => i.fit).slice(0, 1000),
        ...items.filter((i) => !i.fit).slice(0, 1000),
      ]);
  const handle = kind === "pglite" ? await openDatabase({ memory: true }) : await openDatabase({ url });
  const loaded = await searchOnly(handle, mkdtempSync(path.join(tmpdir(), "quire-prof-")));
  const { ctx } = loaded;
  await insertDocuments(loaded, corpus);
  await refit(ctx, corpus.length);
  if (process.env.WARM && !long) {
    // As the bench does: the same kinds of query, other words, run once before any is timed.
    const warmup = latencyQueries(corpus, items, 12, "fit");
    for (const mode of ["fulltext", "hybrid"] as const)
      for (const q of warmup) await searchPassages(ctx, loaded.actor, q, { limit: 10, mode });
  }
  if (process.env.TIMED) ctx.db = timed(handle.db);
  for (const mode of (process.env.MODES ?? "fulltext,hybrid").split(",") as SearchMode[]) {
    spent.clear();
    const totals: number[] = [];
    for (const [i, q] of queries.entries()) {
      current = new Map();
      const started = performance.now();
      await searchPassages(ctx, loaded.actor, q, { limit: 10, mode });
      if (i < 10) continue; // warm-up
      totals.push(performance.now() - started);
      for (const [name, ms] of current) spent.set(name, [...(spent.get(name) ?? []), ms]);
    }
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    console.log(
      `${kind} ${mode}: p50 ${percentile(totals, 50).toFixed(1)} p95 ${percentile(totals, 95).toFixed(1)} mean ${(sum(totals) / totals.length).toFixed(1)} (load ${loadavg()[0]!.toFixed(1)})`,
    );
    for (const [name, xs] of [...spent].sort((a, b) => sum(b[1]) - sum(a[1])))
      console.log(
        `  ${name.padEnd(50)} mean/query ${(sum(xs) / totals.length).toFixed(2)}  p95 ${percentile(xs, 95).toFixed(1)}  n ${xs.length}`,
      );
    if (process.env.SLOW) {
      // the slowest queries, for EXPLAIN
      const order = totals
        .map((t, i) => [t, queries[i + 10]] as const)
        .sort((a, b) => b[0] - a[0])
        .slice(0, 8);
      for (const [t, q] of order) console.log(`   ${t.toFixed(1)} ms  ${q}`);
    }
  }
  await handle.close();
}

await main();
