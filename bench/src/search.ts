/**
 * Search benchmark (`npm run bench -- search`): real text inserted straight into the chunks table
 * of a fresh database, then (a) p50/p95 latency of 100+ varied queries at 10k and 100k passages on
 * PGlite and PostgreSQL, Quire's full-text search beside the peer (plain ts_rank_cd over all
 * matches), and (b) MRR@10 / recall@10 of full-text and hybrid on queries whose answer is known.
 * BENCH_SEARCH_TIERS=10000,100000 and BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SearchMode } from "@quire/contracts";
import { isStopWord, seededRandom, splitSentences, tokenize } from "@quire/textkit";
import { sql } from "drizzle-orm";
// The server's upload types augment Fastify's request with multipart parsing; the bench reaches them through the search service.
import type {} from "@fastify/multipart";
import pg from "pg";
import { loadConfig } from "../../apps/server/src/config.js";
import type { AppContext } from "../../apps/server/src/context.js";
import { openDatabase, type Database, type DatabaseHandle } from "../../apps/server/src/db/client.js";
import { blobs, categories, chunks, documents, users, versions } from "../../apps/server/src/db/schema.js";
import { systemClock } from "../../apps/server/src/lib/clock.js";
import type { Actor } from "../../apps/server/src/policies/policy.js";
import { refitModel } from "../../apps/server/src/modules/search/indexer.js";
import { weightedTsvector } from "../../apps/server/src/modules/search/repository.js";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import { synonymsOf } from "../../apps/server/src/modules/search/wordnet.js";
import { buildCorpus, type CorpusDocument } from "./search-corpus.js";

const TIERS = (process.env.BENCH_SEARCH_TIERS ?? "10000,100000").split(",").map(Number);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const QUALITY_QUERIES_PER_KIND = 60;
const NODE_MODULES = fileURLToPath(new URL("../../node_modules", import.meta.url));

interface Backend {
  name: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

interface Loaded {
  ctx: AppContext;
  actor: Actor;
  base: { userId: string; categoryId: string; sha: string };
  /** Passage ids in insertion order, with their document's corpus index. */
  passageIds: string[];
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

async function seedBase(db: Database) {
  const [user] = await db
    .insert(users)
    .values({ username: "bench", passwordHash: "x", role: "Admin" })
    .returning({ id: users.id });
  const [category] = await db.insert(categories).values({ name: "Bench" }).returning({ id: categories.id });
  await db.insert(blobs).values({ sha256: "bench", size: 0 });
  return { userId: user!.id, categoryId: category!.id, sha: "bench" };
}

/** Documents, their (empty) versions and their passages, written in batches. */
async function insertDocuments(loaded: Loaded, corpus: CorpusDocument[]): Promise<void> {
  const { db } = loaded.ctx;
  const { base } = loaded;
  let pending: Array<typeof chunks.$inferInsert> = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const rows = await db.insert(chunks).values(pending).returning({ id: chunks.id });
    loaded.passageIds.push(...rows.map((r) => r.id));
    pending = [];
  };
  for (const doc of corpus) {
    const [row] = await db
      .insert(documents)
      .values({ title: doc.title, status: "Approved", categoryId: base.categoryId, ownerId: base.userId })
      .returning({ id: documents.id });
    const [version] = await db
      .insert(versions)
      .values({
        documentId: row!.id,
        version: 1,
        content: "",
        authorId: base.userId,
        blobSha256: base.sha,
        originalFilename: "bench.txt",
        mediaType: "text/plain",
        size: 0,
      })
      .returning({ id: versions.id });
    doc.passages.forEach((p, ordinal) =>
      pending.push({
        documentId: row!.id,
        versionId: version!.id,
        ordinal,
        heading: p.heading,
        text: p.text,
        tsv: weightedTsvector(doc.title, [], p.heading, p.text) as unknown as string, // an SQL expression in place of a value
      }),
    );
    if (pending.length >= 400) await flush();
  }
  await flush();
  await db.execute(sql`analyze`);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Words usable in queries: content words of letters only. */
const contentWords = (text: string) => tokenize(text).filter((w) => !isStopWord(w) && /^\p{L}{3,}$/u.test(w));

/** 100+ varied queries drawn from the corpus: common, medium and rare words, pairs, phrases, or, exclusions. */
function latencyQueries(corpus: CorpusDocument[], seed = 11): string[] {
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
  return queries;
}

async function peerQuery(db: Database, q: string): Promise<void> {
  await db.execute(sql`
    select c.id, ts_rank_cd(c.tsv, query) as rank
    from ${chunks} c join ${documents} d on d.id = c.document_id, websearch_to_tsquery('english', ${q}) query
    where c.tsv @@ query and d.archived_at is null
    order by rank desc limit 10`);
}

async function timeAll(queries: string[], run: (q: string) => Promise<unknown>): Promise<number[]> {
  for (const q of queries.slice(0, 10)) await run(q); // warm-up
  const times: number[] = [];
  for (const q of queries) {
    const started = performance.now();
    await run(q);
    times.push(performance.now() - started);
  }
  return times;
}

const fmt = (ms: number) => ms.toFixed(1).padStart(8);

async function measureLatency(loaded: Loaded, backend: string, queries: string[], modes: SearchMode[]) {
  const tier = loaded.passageIds.length;
  for (const mode of modes) {
    const ours = await timeAll(queries, (q) =>
      searchPassages(loaded.ctx, loaded.actor, q, { limit: 10, mode }),
    );
    console.log(
      `  ${backend.padEnd(11)}${String(tier).padStart(8)}  ${`quire ${mode}`.padEnd(22)}${fmt(percentile(ours, 50))}${fmt(percentile(ours, 95))}`,
    );
  }
  const peer = await timeAll(queries, (q) => peerQuery(loaded.ctx.db, q));
  console.log(
    `  ${backend.padEnd(11)}${String(tier).padStart(8)}  ${"peer ts_rank_cd (all)".padEnd(22)}${fmt(percentile(peer, 50))}${fmt(percentile(peer, 95))}`,
  );
}

interface KnownAnswer {
  kind: "heading" | "paraphrase";
  query: string;
  passageId: string;
}

/** Queries whose right passage is known: a unique section heading, or a sentence reworded with synonyms. */
function knownAnswerQueries(corpus: CorpusDocument[], ids: string[]): KnownAnswer[] {
  const random = seededRandom(5);
  const flat = corpus.flatMap((d) => d.passages).map((p, i) => ({ ...p, id: ids[i]! }));
  const headingCount = new Map<string, number>();
  for (const p of flat)
    if (p.heading)
      headingCount.set(p.heading.toLowerCase(), (headingCount.get(p.heading.toLowerCase()) ?? 0) + 1);
  const headings = flat.filter(
    (p) =>
      p.heading && headingCount.get(p.heading.toLowerCase()) === 1 && contentWords(p.heading).length >= 2,
  );
  const answers: KnownAnswer[] = [];
  for (let i = 0; i < QUALITY_QUERIES_PER_KIND && headings.length > 0; i++) {
    const p = headings.splice(Math.floor(random() * headings.length), 1)[0]!;
    answers.push({ kind: "heading", query: p.heading!, passageId: p.id });
  }
  for (let tries = 0; answers.length < 2 * QUALITY_QUERIES_PER_KIND && tries < 5000; tries++) {
    const p = flat[Math.floor(random() * flat.length)]!;
    const sentence = splitSentences(p.text).find((s) => contentWords(s.text).length >= 8)?.text;
    if (!sentence) continue;
    const words = contentWords(sentence).slice(0, 7);
    // Half the words are swapped for a WordNet synonym where one exists: the user remembers the meaning, not the wording.
    const reworded = words.map((w) =>
      random() < 0.5 ? (synonymsOf(w).find((s) => /^\p{L}+$/u.test(s)) ?? w) : w,
    );
    answers.push({ kind: "paraphrase", query: reworded.join(" "), passageId: p.id });
  }
  return answers;
}

async function measureQuality(loaded: Loaded, corpus: CorpusDocument[]): Promise<void> {
  const answers = knownAnswerQueries(corpus, loaded.passageIds);
  console.log(
    `\n  retrieval quality on ${answers.length} queries with a known passage (passage must be returned):`,
  );
  console.log(
    `  ${"queries".padEnd(24)}${"mode".padEnd(10)}${"MRR@10".padStart(8)}${"recall@10".padStart(11)}`,
  );
  for (const kind of ["heading", "paraphrase", "all"] as const) {
    const subset = answers.filter((a) => kind === "all" || a.kind === kind);
    for (const mode of ["fulltext", "hybrid"] as const) {
      let reciprocal = 0;
      let found = 0;
      for (const answer of subset) {
        const results = await searchPassages(loaded.ctx, loaded.actor, answer.query, { limit: 10, mode });
        const rank = results.findIndex((r) => r.passageId === answer.passageId);
        if (rank < 0) continue;
        reciprocal += 1 / (rank + 1);
        found++;
      }
      const label = `${kind} (${subset.length})`;
      console.log(
        `  ${label.padEnd(24)}${mode.padEnd(10)}${(reciprocal / subset.length).toFixed(3).padStart(8)}${(found / subset.length).toFixed(3).padStart(11)}`,
      );
    }
  }
}

/** Corpus documents up to about `passages` passages, continuing from `from`. */
function slice(corpus: CorpusDocument[], from: number, passages: number): [CorpusDocument[], number] {
  const out: CorpusDocument[] = [];
  let count = 0;
  let index = from;
  while (index < corpus.length && count < passages) {
    out.push(corpus[index]!);
    count += corpus[index]!.passages.length;
    index++;
  }
  return [out, index];
}

async function runBackend(kind: "pglite" | "postgres", corpus: CorpusDocument[], queries: string[]) {
  const backend = await openBackend(kind);
  if (!backend) return;
  const dataDir = mkdtempSync(path.join(tmpdir(), "quire-bench-"));
  try {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const db = backend.handle.db;
    const base = await seedBase(db);
    // Only what search reads is real; the bench never uploads or runs jobs.
    const ctx = {
      config: { ...config, ai: undefined },
      db,
      dbKind: backend.handle.kind,
      clock: systemClock,
      notifyJobs: () => {},
    } as unknown as AppContext;
    const loaded: Loaded = {
      ctx,
      actor: { id: base.userId, username: "bench", role: "Admin", via: "session" },
      base,
      passageIds: [],
    };
    let next = 0;
    for (const tier of TIERS) {
      const started = performance.now();
      const [docs, after] = slice(corpus, next, tier - loaded.passageIds.length);
      await insertDocuments(loaded, docs);
      next = after;
      console.log(
        `  (${backend.name}: ${loaded.passageIds.length} passages stored in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
      const first = tier === TIERS[0];
      if (first && kind === "pglite") {
        const fitStarted = performance.now();
        const model = await refitModel(ctx);
        const seconds = ((performance.now() - fitStarted) / 1000).toFixed(1);
        console.log(
          `  (LSA model: ${model?.model.dims} dimensions, ${model?.model.terms.length} terms; fitted and ${tier} passages embedded in ${seconds} s)`,
        );
      }
      await measureLatency(
        loaded,
        backend.name,
        queries,
        first && kind === "pglite" ? ["fulltext", "hybrid"] : ["fulltext"],
      );
      if (first && kind === "pglite") await measureQuality(loaded, corpus.slice(0, next));
    }
  } finally {
    await backend.handle.close();
    await backend.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runSearchBench(): Promise<void> {
  const started = performance.now();
  const corpus = buildCorpus(Math.max(...TIERS), NODE_MODULES);
  const total = corpus.reduce((sum, d) => sum + d.passages.length, 0);
  console.log(
    `corpus: ${corpus.length} documents, ${total} passages from /usr/share/doc, licences, man pages and npm READMEs (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  const queries = latencyQueries(corpus);
  console.log(
    `load average before the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${cpus().length} cores`,
  );
  console.log(
    `latency of ${queries.length} queries (ms), Quire's search service beside plain ts_rank_cd over every match:`,
  );
  console.log(
    `  ${"database".padEnd(11)}${"passages".padStart(8)}  ${"ranking".padEnd(22)}${"p50".padStart(8)}${"p95".padStart(8)}`,
  );
  const backends = (process.env.BENCH_SEARCH_BACKENDS ?? "pglite,postgres").split(",");
  if (backends.includes("pglite")) await runBackend("pglite", corpus, queries);
  if (backends.includes("postgres")) await runBackend("postgres", corpus, queries);
  console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
