/**
 * Search benchmark (`npm run bench -- search`) on Debian's package descriptions and
 * /usr/share/doc READMEs (search-corpus.ts), written straight into a fresh database's documents
 * and passages (the triggers keep the BM25 statistics as they do for uploads):
 * (a) MRR@10 / recall@10 of the default and hybrid modes beside a textbook BM25 over the same text,
 *     weights fitted on one half of the queries and reported on the other (search-quality.ts);
 * (b) p50/p95 latency at each size on PGlite and PostgreSQL, beside plain ts_rank_cd;
 * (c) a 1000-document import through the API: time until searchable, search p95 meanwhile;
 * (d) documents of real length, short and pasted-sentence queries: quality and latency (search-long.ts).
 * BENCH_SEARCH_TIERS=1000,10000 (documents; 0 runs (d) alone), BENCH_SEARCH_QUERIES=2000, BENCH_SEARCH_BACKENDS (empty: none),
 * BENCH_SEARCH_IMPORT=1000 (0 skips), BENCH_SEARCH_QUALITY=0 (latency only), BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { SearchMode } from "@quire/contracts";
import { isStopWord, seededRandom, tokenize } from "@quire/textkit";
import { sql } from "drizzle-orm";
// The server's upload types augment Fastify's request with multipart parsing; the bench reaches them through the search service.
import type {} from "@fastify/multipart";
import pg from "pg";
import { loadConfig } from "../../apps/server/src/config.js";
import { ContextCaches, type AppContext } from "../../apps/server/src/context.js";
import { openDatabase, type Database, type DatabaseHandle } from "../../apps/server/src/db/client.js";
import { blobs, categories, chunks, documents, users, versions } from "../../apps/server/src/db/schema.js";
import { systemClock } from "../../apps/server/src/lib/clock.js";
import type { Actor } from "../../apps/server/src/policies/policy.js";
import { refitModel } from "../../apps/server/src/modules/search/indexer.js";
import { weightedTsvector } from "../../apps/server/src/modules/search/passage-writes.js";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import { buildCorpus, knownItems, type CorpusDocument } from "./search-corpus.js";
import { measureImport } from "./search-import.js";
import { runLongSearchBench } from "./search-long.js";
import { measureQuality, type KnownItem } from "./search-quality.js";

/** Sizes of the package-description corpus; `0` (no size) skips that part and runs the long-document bench alone. */
const TIERS = (process.env.BENCH_SEARCH_TIERS ?? "1000,10000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const QUALITY_QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 2000);
const IMPORT_DOCUMENTS = Number(process.env.BENCH_SEARCH_IMPORT ?? 1000);
const QUALITY = process.env.BENCH_SEARCH_QUALITY !== "0";

interface Backend {
  name: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

export interface Loaded {
  ctx: AppContext;
  actor: Actor;
  base: { userId: string; categoryId: string; sha: string };
  /** Corpus key → document id. */
  idOf: Map<string, string>;
}

async function openBackend(kind: "pglite" | "postgres"): Promise<Backend | null> {
  if (kind === "pglite")
    return { name: "PGlite", handle: await openDatabase({ memory: true }), drop: async () => {} };
  const name = `quire_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`  PostgreSQL at ${PG_URL} not reachable (${String(error)}): skipped`);
    return null;
  }
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    name: "PostgreSQL",
    handle,
    async drop() {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A database with the bench's user and category, and a context holding only what search reads:
 * the benches never upload or run jobs.
 */
export async function searchOnly(handle: DatabaseHandle, dataDir: string): Promise<Loaded> {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const base = await seedBase(handle.db);
  const ctx = {
    config: { ...config, ai: undefined },
    db: handle.db,
    dbKind: handle.kind,
    clock: systemClock,
    notifyJobs: () => {},
    caches: new ContextCaches(),
  } as unknown as AppContext;
  return {
    ctx,
    actor: { id: base.userId, username: "bench", role: "Admin", via: "session" },
    base,
    idOf: new Map(),
  };
}

async function seedBase(db: Database) {
  const [user] = await db
    .insert(users)
    .values({ username: "bench", passwordHash: "x", role: "Admin" })
    .returning({ id: users.id });
  const [category] = await db.insert(categories).values({ name: "Bench" }).returning({ id: categories.id });
  await db.insert(blobs).values({ sha256: "bench", size: 0 });
  return { userId: user!.id, categoryId: category!.id, sha: "bench" };
}

/** Documents, their versions and their passages, written in batches (the triggers index them). */
export async function insertDocuments(loaded: Loaded, corpus: CorpusDocument[]): Promise<void> {
  const { db } = loaded.ctx;
  const { base } = loaded;
  for (let start = 0; start < corpus.length; start += 200) {
    const batch = corpus.slice(start, start + 200);
    const rows = await db
      .insert(documents)
      .values(
        batch.map((doc) => ({
          title: doc.title,
          status: "Approved" as const,
          categoryId: base.categoryId,
          ownerId: base.userId,
        })),
      )
      .returning({ id: documents.id });
    const versionRows = await db
      .insert(versions)
      .values(
        batch.map((doc, i) => ({
          documentId: rows[i]!.id,
          version: 1,
          content: doc.body,
          authorId: base.userId,
          blobSha256: base.sha,
          originalFilename: "bench.md",
          mediaType: "text/markdown",
          size: doc.body.length,
        })),
      )
      .returning({ id: versions.id, documentId: versions.documentId });
    const pending = batch.flatMap((doc, i) => {
      loaded.idOf.set(doc.key, rows[i]!.id);
      return doc.passages.map((p, ordinal) => ({
        documentId: rows[i]!.id,
        versionId: versionRows[i]!.id,
        ordinal,
        heading: p.heading,
        text: p.text,
        tsv: weightedTsvector(doc.title, [], p.heading, p.text) as unknown as string, // an SQL expression in place of a value
      }));
    });
    for (let at = 0; at < pending.length; at += 400)
      await db.insert(chunks).values(pending.slice(at, at + 400));
  }
  // VACUUM as well: autovacuum would otherwise visit the freshly written tables during the
  // measurement, and the first reads would set every tuple's hint bits.
  await db.execute(sql`vacuum analyze`);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Words usable in queries: content words of letters only. */
const contentWords = (text: string) => tokenize(text).filter((w) => !isStopWord(w) && /^\p{L}{3,}$/u.test(w));

/** 100+ varied queries drawn from the corpus: common, medium and rare words, pairs, phrases, or, exclusions. */
export function latencyQueries(
  corpus: CorpusDocument[],
  items: KnownItem[],
  seed = 11,
  half: "fit" | "check" = "check",
): string[] {
  const random = seededRandom(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const passages = corpus.flatMap((d) => d.passages.map((p) => p.text));
  const df = new Map<string, number>();
  for (const text of passages.slice(0, 20_000))
    for (const w of new Set(contentWords(text))) df.set(w, (df.get(w) ?? 0) + 1);
  const byDf = [...df].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  const common = byDf.slice(0, 200);
  const medium = byDf.slice(1000, 5000);
  const rare = byDf.filter((w) => df.get(w)! <= 3 && w.length >= 5);
  const queries: string[] = [];
  for (let i = 0; i < 25; i++) queries.push(pick(common));
  for (let i = 0; i < 25; i++) queries.push(pick(medium));
  for (let i = 0; i < 15; i++) queries.push(pick(rare));
  for (let i = 0; i < 20; i++)
    queries.push(contentWords(pick(passages)).slice(0, 2).join(" ") || pick(medium));
  for (let i = 0; i < 10; i++) {
    const words = tokenize(pick(passages));
    const at = Math.floor(random() * Math.max(1, words.length - 2));
    queries.push(`"${words.slice(at, at + 2).join(" ")}"`);
  }
  for (let i = 0; i < 10; i++) queries.push(`${pick(medium)} or ${pick(common)}`);
  for (let i = 0; i < 10; i++) queries.push(`${pick(common)} -${pick(common)}`);
  // And 100 known-item queries of the check half (the warm-up's: the fit half), as people search.
  queries.push(
    ...items
      .filter((item) => item.fit === (half === "fit"))
      .slice(0, 100)
      .map((item) => item.query),
  );
  return queries;
}

/**
 * Each query timed once, after the warm-up queries (the same kinds, other words) have run once:
 * a server that has answered queries of every kind, not one tiering up its JIT and the
 * database's caches for a phrase or an exclusion the first time it sees one. The warm-up pass
 * is timed too (`first`): what the first few hundred queries after a start see.
 */
async function timeAll(
  queries: string[],
  warmup: string[],
  run: (q: string) => Promise<unknown>,
): Promise<{ times: number[]; first: number[] }> {
  const timed = async (list: string[]) => {
    const times: number[] = [];
    for (const q of list) {
      const started = performance.now();
      await run(q);
      times.push(performance.now() - started);
    }
    return times;
  };
  const first = await timed(warmup);
  return { times: await timed(queries), first };
}

const fmt = (ms: number) => ms.toFixed(1).padStart(8);

async function peerQuery(db: Database, q: string): Promise<void> {
  await db.execute(sql`
    select c.id, ts_rank_cd(c.tsv, query) as rank
    from ${chunks} c join ${documents} d on d.id = c.document_id, websearch_to_tsquery('english', ${q}) query
    where c.tsv @@ query and d.archived_at is null
    order by rank desc limit 10`);
}

async function measureLatency(loaded: Loaded, backend: string, run: Run, modes: SearchMode[]) {
  const { queries, warmup } = run;
  const tier = loaded.idOf.size;
  const line = (label: string, { times, first }: { times: number[]; first: number[] }) =>
    console.log(
      `  ${backend.padEnd(11)}${String(tier).padStart(9)}  ${label.padEnd(22)}${fmt(percentile(times, 50))}${fmt(percentile(times, 95))}${fmt(percentile(first, 95))}`,
    );
  for (const mode of modes)
    line(
      `quire ${mode === "fulltext" ? "default" : mode}`,
      await timeAll(queries, warmup, (q) => searchPassages(loaded.ctx, loaded.actor, q, { limit: 10, mode })),
    );
  line("peer ts_rank_cd (all)", await timeAll(queries, warmup, (q) => peerQuery(loaded.ctx.db, q)));
}

export async function refit(ctx: AppContext, documents: number): Promise<void> {
  const started = performance.now();
  const model = await refitModel(ctx);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `  (LSA model: ${model?.model.dims} dimensions, ${model?.model.terms.length} terms; fitted and ${documents} documents embedded in ${seconds} s)`,
  );
}

interface Run {
  corpus: CorpusDocument[];
  items: KnownItem[];
  queries: string[];
  /** Run once before the timed queries: the same kinds, another seed, the fit half's known items. */
  warmup: string[];
}

/** The whole corpus in an in-memory PGlite with its LSA model (for bench/src/search-explore.ts). */
export async function loadForExplore(corpus: CorpusDocument[]): Promise<Loaded> {
  const handle = await openDatabase({ memory: true });
  const loaded = await searchOnly(handle, mkdtempSync(path.join(tmpdir(), "quire-explore-")));
  await insertDocuments(loaded, corpus);
  if (process.env.HYBRID) await refit(loaded.ctx, corpus.length);
  return loaded;
}

async function runBackend(kind: "pglite" | "postgres", run: Run) {
  const backend = await openBackend(kind);
  if (!backend) return;
  const dataDir = mkdtempSync(path.join(tmpdir(), "quire-bench-"));
  try {
    const loaded = await searchOnly(backend.handle, dataDir);
    const { ctx } = loaded;
    for (const tier of TIERS) {
      const started = performance.now();
      await insertDocuments(loaded, run.corpus.slice(loaded.idOf.size, tier));
      console.log(
        `  (${backend.name}: ${loaded.idOf.size} documents stored and indexed in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
      await refit(ctx, loaded.idOf.size);
      const last = tier === TIERS[TIERS.length - 1];
      if (last && kind === "pglite" && QUALITY) {
        const inTier = new Set(run.corpus.slice(0, tier).map((d) => d.key));
        const items = run.items.filter((i) => inTier.has(i.key));
        await measureQuality(loaded, run.corpus.slice(0, tier), items);
        console.log(`\n  latency (ms) of ${run.queries.length} queries:`);
      }
      await measureLatency(loaded, backend.name, run, ["fulltext", "hybrid"]);
    }
  } finally {
    await backend.handle.close();
    await backend.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const load = () =>
  `${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on ${cpus().length} cores`;

export async function runSearchBench(): Promise<void> {
  const started = performance.now();
  console.log(`load average before the run: ${load()}`);
  if (TIERS.length > 0) await runDescriptionBench();
  await runLongSearchBench();
  console.log(
    `load average after the run: ${load()}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

/** (a)–(c) on the package-description corpus. */
async function runDescriptionBench(): Promise<void> {
  const started = performance.now();
  const corpus = buildCorpus(Math.max(...TIERS));
  const all = knownItems(corpus);
  // The same number from each half, in corpus order: smaller tiers use the first of them.
  const items = [
    ...all.filter((i) => i.fit).slice(0, QUALITY_QUERIES / 2),
    ...all.filter((i) => !i.fit).slice(0, QUALITY_QUERIES / 2),
  ];
  const passages = corpus.reduce((sum, d) => sum + d.passages.length, 0);
  console.log(
    `corpus: ${corpus.length} documents (${corpus.filter((d) => !d.query).length} READMEs), ${passages} passages; ${all.length} known-item queries (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  if (corpus.length < Math.max(...TIERS))
    // Debian's container images turn apt's description lists off; without them only installed packages have text.
    console.log(
      `  (only ${corpus.length} of ${Math.max(...TIERS)} documents: \`apt-get update -o Acquire::Languages=en\` fetches the package descriptions the full corpus needs; figures on a smaller corpus are not comparable with the README's)`,
    );
  const queries = latencyQueries(corpus, items);
  console.log(
    `latency in ms: p50 and p95 of ${queries.length} queries, timed after ${queries.length} others of the same kinds (another seed, the fit half's known items) ran once; "first" is that warm-up pass's p95`,
  );
  console.log(
    `  ${"database".padEnd(11)}${"documents".padStart(9)}  ${"ranking".padEnd(22)}${"p50".padStart(8)}${"p95".padStart(8)}${"first".padStart(8)}`,
  );
  const backends = (process.env.BENCH_SEARCH_BACKENDS ?? "pglite,postgres").split(",");
  const run: Run = { corpus, items, queries, warmup: latencyQueries(corpus, items, 12, "fit") };
  if (backends.includes("pglite")) await runBackend("pglite", run);
  if (backends.includes("postgres")) await runBackend("postgres", run);
  if (IMPORT_DOCUMENTS > 0)
    await measureImport(
      corpus.filter((d) => d.query),
      IMPORT_DOCUMENTS,
      queries,
    );
}
