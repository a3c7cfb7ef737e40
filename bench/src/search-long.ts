/**
 * Search on documents of real length (search-long-corpus.ts: manual pages and /usr/share/doc
 * files, several KB each), part of `npm run bench -- search`: on the check half of short and
 * pasted-sentence known-item queries, MRR@10 of the default and hybrid modes beside the textbook
 * BM25 of the same run and the queries that found nothing; then p50/p95 latency of each kind at
 * each size on PGlite, one query at a time, beside a bare PGlite round trip and plain ts_rank_cd,
 * with the load average. No weight is fitted on this corpus.
 * Latency is printed as wall time and as this process's CPU time per query (PGlite runs inside
 * it), which a loaded machine delays but does not grow.
 * BENCH_LONG_TIERS=1000,10000 (documents; 0 skips), BENCH_LONG_QUERIES=300 (per kind, quality),
 * BENCH_LONG_QUALITY=0 (latency only).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { SearchMode } from "@quire/contracts";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { chunks, documents } from "../../apps/server/src/db/schema.js";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import type { CorpusDocument } from "./search-corpus.js";
import { buildLongCorpus, longKnownItems, type LongItems } from "./search-long-corpus.js";
import { PlainBm25, type KnownItem } from "./search-quality.js";
import { insertDocuments, percentile, refit, searchOnly, type Loaded } from "./search.js";

const TIERS = (process.env.BENCH_LONG_TIERS ?? "1000,10000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const QUALITY_QUERIES = Number(process.env.BENCH_LONG_QUERIES ?? 300);
const LATENCY_QUERIES = 100;
const QUALITY = process.env.BENCH_LONG_QUALITY !== "0";

const load = () => loadavg()[0]!.toFixed(1);

interface KindQuality {
  plain: number;
  modes: Record<SearchMode, { mrr: number; empty: number; emptyWhereBm25Finds: number }>;
}

async function kindQuality(loaded: Loaded, plain: PlainBm25, items: KnownItem[]): Promise<KindQuality> {
  const rr = (rank: number) => (rank >= 0 && rank < 10 ? 1 / (rank + 1) : 0);
  const plainRanks = items.map((i) => plain.search(i.query).indexOf(i.key));
  const out: KindQuality = {
    plain: plainRanks.reduce((s, r) => s + rr(r), 0) / items.length,
    modes: {} as KindQuality["modes"],
  };
  for (const mode of ["fulltext", "hybrid"] as SearchMode[]) {
    let sum = 0;
    let empty = 0;
    let emptyWhereBm25Finds = 0;
    for (const [n, item] of items.entries()) {
      const results = await searchPassages(loaded.ctx, loaded.actor, item.query, { limit: 10, mode });
      sum += rr(results.findIndex((r) => r.documentId === loaded.idOf.get(item.key)));
      if (results.length === 0) {
        empty++;
        if (plainRanks[n]! >= 0) emptyWhereBm25Finds++;
      }
    }
    out.modes[mode] = { mrr: sum / items.length, empty, emptyWhereBm25Finds };
  }
  return out;
}

async function measureLongQuality(loaded: Loaded, corpus: CorpusDocument[], items: LongItems) {
  const plain = new PlainBm25(corpus);
  console.log(
    `\n  known items on ${corpus.length} documents of real length, check half (no weight fitted on this corpus):`,
  );
  console.log(
    `  ${"queries".padEnd(28)}${"BM25".padStart(7)}${"default".padStart(9)}${"hybrid".padStart(8)}${"vs BM25".padStart(9)}   no result (default / hybrid; of them BM25 finds the target)`,
  );
  for (const [label, list] of [
    ["short (a page's description)", items.short],
    ["pasted sentence", items.sentence],
  ] as const) {
    const check = list.filter((i) => !i.fit).slice(0, QUALITY_QUERIES);
    const q = await kindQuality(loaded, plain, check);
    const { fulltext, hybrid } = q.modes;
    console.log(
      `  ${`${label} (${check.length})`.padEnd(28)}${q.plain.toFixed(3).padStart(7)}${fulltext.mrr.toFixed(3).padStart(9)}${hybrid.mrr.toFixed(3).padStart(8)}${`${(fulltext.mrr / q.plain).toFixed(2)}×`.padStart(9)}   ${fulltext.empty} / ${hybrid.empty}; ${fulltext.emptyWhereBm25Finds} / ${hybrid.emptyWhereBm25Finds}`,
    );
  }
}

interface Times {
  wall: number[];
  /** This process's CPU time per query: PGlite runs in it, so this is the query's own work, which a loaded machine delays but does not grow. */
  cpu: number[];
}

async function timeEach(queries: string[], run: (q: string) => Promise<unknown>): Promise<Times> {
  const times: Times = { wall: [], cpu: [] };
  for (const q of queries) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    await run(q);
    const used = process.cpuUsage(cpu);
    times.wall.push(performance.now() - started);
    times.cpu.push((used.user + used.system) / 1000);
  }
  return times;
}

async function measureLongLatency(loaded: Loaded, items: LongItems) {
  const { ctx, actor } = loaded;
  const check = (list: KnownItem[]) =>
    list
      .filter((i) => !i.fit)
      .slice(0, LATENCY_QUERIES)
      .map((i) => i.query);
  const warm = (list: KnownItem[]) =>
    list
      .filter((i) => i.fit)
      .slice(0, 30)
      .map((i) => i.query);
  const tier = loaded.idOf.size;
  const ms = (xs: number[], p: number) => percentile(xs, p).toFixed(1).padStart(8);
  const row = (label: string, { wall, cpu }: Times) =>
    console.log(
      `  ${String(tier).padStart(9)}  ${label.padEnd(30)}${ms(wall, 50)}${ms(wall, 95)}${ms(cpu, 50)}${ms(cpu, 95)}   load ${load()}`,
    );
  for (const q of [...warm(items.short), ...warm(items.sentence)])
    for (const mode of ["fulltext", "hybrid"] as SearchMode[])
      await searchPassages(ctx, actor, q, { limit: 10, mode });
  const bare = await timeEach(check(items.short), () => ctx.db.execute(sql`select 1`));
  row("peer: bare PGlite round trip", bare);
  for (const [label, list] of [
    ["short", items.short],
    ["sentence", items.sentence],
  ] as const) {
    const queries = check(list);
    for (const mode of ["fulltext", "hybrid"] as SearchMode[])
      row(
        `${label}, quire ${mode === "fulltext" ? "default" : mode}`,
        await timeEach(queries, (q) => searchPassages(ctx, actor, q, { limit: 10, mode })),
      );
    row(
      `${label}, peer ts_rank_cd`,
      await timeEach(queries, (q) =>
        ctx.db.execute(sql`
          select c.id, ts_rank_cd(c.tsv, query) as rank
          from ${chunks} c join ${documents} d on d.id = c.document_id, plainto_tsquery('english', ${q}) query
          where c.tsv @@ query and d.archived_at is null order by rank desc limit 10`),
      ),
    );
  }
}

export async function runLongSearchBench(): Promise<void> {
  if (TIERS.length === 0) return;
  const started = performance.now();
  const corpus = buildLongCorpus(Math.max(...TIERS));
  const lengths = corpus.map((d) => d.body.length).sort((a, b) => a - b);
  console.log(
    `\ndocuments of real length: ${corpus.length} (manual pages and /usr/share/doc files; median ${(lengths[lengths.length >> 1]! / 1000).toFixed(1)} KB, 10th–90th percentile ${(lengths[Math.floor(lengths.length * 0.1)]! / 1000).toFixed(1)}–${(lengths[Math.floor(lengths.length * 0.9)]! / 1000).toFixed(1)} KB), read in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const handle = await openDatabase({ memory: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), "quire-bench-long-"));
  try {
    const loaded = await searchOnly(handle, dataDir);
    for (const tier of TIERS) {
      const docs = corpus.slice(0, tier);
      const at = performance.now();
      await insertDocuments(loaded, corpus.slice(loaded.idOf.size, tier));
      console.log(
        `  (PGlite: ${loaded.idOf.size} documents stored and indexed in ${((performance.now() - at) / 1000).toFixed(0)} s)`,
      );
      await refit(loaded.ctx, loaded.idOf.size);
      const items = longKnownItems(docs);
      if (tier === TIERS[0] && QUALITY) await measureLongQuality(loaded, docs, items);
      console.log(
        `\n  latency (ms) on PGlite, one query at a time, ${LATENCY_QUERIES} check-half queries of each kind after 60 others ran once (${cpus().length} cores):`,
      );
      console.log(
        `  ${"documents".padStart(9)}  ${"queries".padEnd(30)}${"p50".padStart(8)}${"p95".padStart(8)}${"cpu p50".padStart(8)}${"cpu p95".padStart(8)}`,
      );
      await measureLongLatency(loaded, items);
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
