/**
 * Loads the assistant benchmark's corpus into a fresh Quire (PGlite): every document with one
 * version holding its markdown, indexed by the server's own indexer (chunking, full-text vectors),
 * then the LSA model fitted and every passage embedded, as `npm run reindex` would.
 */
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { blobs, categories, documents, users, versions } from "../../apps/server/src/db/schema.js";
import { TEXT_WORK_LIMITS } from "../../apps/server/src/lib/text-work.js";
import { indexDocument, refitModel } from "../../apps/server/src/modules/search/indexer.js";
import type { Actor } from "../../apps/server/src/policies/policy.js";
import { createTestApp } from "../../apps/server/test/support/harness.js";
import { paddingSources, readCorpus, type CorpusSource } from "./ai-corpus.js";

export interface EvalQuestion {
  question: string;
  document: string;
  expected: string;
  half: "fit" | "check";
}

export interface EvalSet {
  documents: Array<CorpusSource & { kind: string }>;
  questions: EvalQuestion[];
  absent: Array<{ question: string; half: "fit" | "check" }>;
}

export const EVAL_PATH = new URL("../data/ask-eval.json", import.meta.url);

export function loadEvalSet(): EvalSet {
  return JSON.parse(readFileSync(EVAL_PATH, "utf8")) as EvalSet;
}

export type BenchApp = Awaited<ReturnType<typeof createTestApp>>;

export interface LoadedArchive {
  t: BenchApp;
  actor: Actor;
  /** Title and markdown of every document loaded, for the plain BM25 peer. */
  texts: Array<{ title: string; markdown: string }>;
  missing: string[];
  seconds: number;
}

export async function loadArchive(
  set: EvalSet,
  total: number,
  env: Record<string, string>,
): Promise<LoadedArchive> {
  const started = performance.now();
  // A worker's wall-clock limit counts the wait for a core, not the work: on a busy machine a niced
  // bench waits minutes and long documents were refused. Nobody waits on this event loop, so the
  // bench cuts every document's passages inline.
  (TEXT_WORK_LIMITS as { jobInlineChars: number }).jobInlineChars = Number.MAX_SAFE_INTEGER;
  const used = new Set(set.documents.map((d) => d.source));
  const sources = [...set.documents, ...paddingSources(used, Math.max(0, total - set.documents.length))];
  const { documents: corpus, missing } = readCorpus(sources);
  const t = await createTestApp({ env });
  const db = t.ctx.db;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  const ownerId = admin?.id ?? "";
  await db.insert(blobs).values({ sha256: "bench", size: 0 });
  for (const doc of corpus) {
    const [row] = await db
      .insert(documents)
      .values({
        title: doc.title,
        status: "Approved",
        categoryId: category!.id,
        ownerId,
        processingState: "ready",
      })
      .returning({ id: documents.id });
    await db.insert(versions).values({
      documentId: row!.id,
      version: 1,
      content: doc.markdown,
      authorId: ownerId,
      blobSha256: "bench",
      originalFilename: `${doc.title}.md`,
      mediaType: "text/markdown",
      size: Buffer.byteLength(doc.markdown),
    });
    await indexDocument(t.ctx, row!.id, { scheduleRefit: false });
  }
  await refitModel(t.ctx);
  const actor: Actor = { id: ownerId, username: "admin", role: "Admin", via: "session" };
  return {
    t,
    actor,
    texts: corpus.map((d) => ({ title: d.title, markdown: d.markdown })),
    missing,
    seconds: (performance.now() - started) / 1000,
  };
}
