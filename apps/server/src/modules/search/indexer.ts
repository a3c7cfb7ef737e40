import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { fitLsaInThread, type LsaThreadLimits } from "./lsa-thread";
import { z } from "zod";
import { reservoir } from "@quire/textkit";
import { defineJob } from "../../jobs/define";
import { endedByKillLimit, enqueueJob } from "../../jobs/queue";
import { textWork } from "../../lib/text-work";
import type { PipelineStep } from "../documents/pipeline-step";
import { findDocumentRow } from "../documents/repository";
import { embeddingText } from "../../lib/embedding-text";
import {
  aiEmbed,
  aiTag,
  encodeEmbedding,
  currentModel,
  loadModelHeader,
  saveModel,
  type StoredModel,
} from "./embeddings";
import { countPassages, passagePage, storeEmbeddings } from "./repository";
import {
  deletePassages,
  loadIndexSource,
  passageBatches,
  replacePassages,
  type IndexSource,
  type PassageRow,
} from "./passage-writes";
import { readAll } from "../../db/read-all";
import { chosenLanguages } from "../settings/ocr-languages";
import { indexConfig } from "./text-configs";

export const INDEX_DOCUMENT_JOB = "search.index";
export const REFIT_MODEL_JOB = "search.refitModel";

/** Passages of roughly 100–300 words: long enough to carry context, short enough to cite. */
const CHUNKING = { minWords: 100, maxWords: 300 };
/**
 * Postings (distinct words of each passage) indexed per document: writing them costs ~0.1 ms each
 * on PGlite besides a statement's fixed cost, so 100,000 take about 20 s idle, a minute at a load
 * of 10. A document past it is found by its first passages only (a version of 5 million characters
 * of varied prose holds about 350,000; of repetitive text far fewer).
 */
export const MAX_INDEXED_TERMS = 100_000;

/** The passages within MAX_INDEXED_TERMS, from the start. */
function withinIndexCap(passages: PassageRow[]): PassageRow[] {
  let terms = 0;
  const kept = passages.findIndex((p) => (terms += p.terms ?? 0) > MAX_INDEXED_TERMS);
  return kept <= 0 ? passages : passages.slice(0, kept);
}

/** Refit once the archive has grown by this share since the model was fitted. */
const REFIT_GROWTH = 0.3;
/** Fewer passages than this give no useful co-occurrence structure. */
const MIN_PASSAGES_FOR_MODEL = 8;

/**
 * Chunks a version's text and embeds its passages in the archive's model, in a worker thread when
 * the text is long (5 million characters take seconds); an AI endpoint's vectors replace those.
 */
async function passagesOf(ctx: AppContext, source: IndexSource): Promise<PassageRow[]> {
  const model = await currentModel(ctx);
  const pieces = await textWork(ctx, {
    kind: "passages",
    content: source.content,
    chunking: CHUNKING,
    model: model?.model ?? null,
  });
  const remote = await aiEmbed(
    ctx,
    pieces.map((p) => embeddingText(p.heading, p.text)),
  );
  return pieces.map((p, i) => {
    const vector = remote ? remote[i] : p.vector;
    const tag = remote ? aiTag(ctx) : model?.tag;
    return {
      ordinal: p.ordinal,
      heading: p.heading,
      text: p.text,
      embedding: vector && tag ? encodeEmbedding(tag, vector) : null,
      terms: p.terms,
    };
  });
}

/**
 * Brings one document's passages in line with its current version and metadata: archived or
 * deleted documents leave the index. Idempotent, so a repeated job does no harm.
 */
export async function indexDocument(
  ctx: AppContext,
  documentId: string,
  options: { scheduleRefit?: boolean } = {},
): Promise<void> {
  const loaded = await loadIndexSource(ctx.db, documentId);
  if (!loaded) {
    await deletePassages(ctx.db, documentId);
    return;
  }
  const source = { ...loaded, config: indexConfig(loaded.language, await chosenLanguages(ctx)) };
  const passages = source.archived ? [] : withinIndexCap(await passagesOf(ctx, source));
  // One transaction on PostgreSQL, which writes on its own processes, never holding this one; on
  // PGlite, which holds it throughout, only when the passages fit one statement's budget.
  const atomic = ctx.dbKind === "postgres" || (passages.length > 0 && passageBatches(passages).length <= 1);
  await replacePassages(ctx.db, source, passages, { atomic });
  if (options.scheduleRefit !== false) await scheduleRefitIfGrown(ctx);
}

/** Pipeline step: index the version just processed (a newer version's job will index itself). */
export const searchIndexStep: PipelineStep = {
  name: "search-index",
  async run(ctx, target) {
    // The document's row says which version is current; its text is read once, by indexDocument.
    const doc = await findDocumentRow(ctx.db, target.documentId);
    if (doc && doc.currentVersion !== target.version) return;
    await indexDocument(ctx, target.documentId);
  },
};

/**
 * Queues a re-index of one document (after a metadata change or archiving) in the caller's
 * transaction, so the index job exists exactly when the change does. The caller wakes the runner.
 */
export async function enqueueIndexDocument(db: Database, documentId: string, now: Date): Promise<void> {
  await indexDocumentJob.enqueue(
    db,
    { documentId },
    { runAt: now, dedupeKey: `${INDEX_DOCUMENT_JOB}:${documentId}:${now.getTime()}` },
  );
}

export const indexDocumentJob = defineJob({
  kind: INDEX_DOCUMENT_JOB,
  payload: z.object({ documentId: z.string().min(1) }),
  run: (ctx, { documentId }) => indexDocument(ctx, documentId),
});

async function scheduleRefitIfGrown(ctx: AppContext): Promise<void> {
  const [model, passages] = await readAll(ctx.db, [
    () => loadModelHeader(ctx.db),
    () => countPassages(ctx.db),
  ]);
  const grown = model
    ? passages >= model.passagesAtFit * (1 + REFIT_GROWTH) && passages - model.passagesAtFit >= 20
    : passages >= MIN_PASSAGES_FOR_MODEL;
  if (!grown) return;
  await refitModelJob.enqueue(ctx.db, {}, { runAt: ctx.clock.now(), dedupeKey: REFIT_MODEL_JOB });
  ctx.notifyJobs();
}

/** Every passage, a page at a time, so a large archive is never one giant result set. */
async function forEachPassagePage(
  ctx: AppContext,
  visit: (page: Array<{ id: string; heading: string | null; text: string }>) => Promise<void>,
): Promise<void> {
  let after = "";
  for (;;) {
    const page = await passagePage(ctx.db, after, 1000);
    if (page.length === 0) return;
    await visit(page);
    after = page[page.length - 1]!.id;
  }
}

/** The LSA model is fitted on a seeded sample of at most this many passages; the rest are folded in. */
const FIT_PASSAGES = 20_000;

/**
 * Fits the archive's LSA model on its passages, stores it (so every process loads the same one)
 * and re-embeds the passages in the new space. Returns the model, or null with too little text.
 * A thread that outgrows its heap fails the refit; while fitting, before anything is stored, so
 * the previous model stays in use.
 */
export async function refitModel(
  ctx: AppContext,
  limits: LsaThreadLimits = {},
  fitPassages = FIT_PASSAGES,
): Promise<StoredModel | null> {
  // Only the sample the fit reads is held and sent to the thread, however large the archive.
  const sample = reservoir<string>(fitPassages);
  await forEachPassagePage(ctx, async (page) => {
    for (const p of page) sample.add(embeddingText(p.heading, p.text));
  });
  const thread = await fitLsaInThread(sample.items(), { dims: 128, maxPassages: fitPassages }, limits);
  try {
    if (!thread.model) return null;
    const stored: StoredModel = {
      model: thread.model,
      tag: `lsa:${ctx.clock.now().getTime().toString(36)}`,
      passagesAtFit: sample.seen,
    };
    await saveModel(ctx.db, stored);
    if (!ctx.config.ai) {
      await forEachPassagePage(ctx, async (page) => {
        const vectors = await thread.embed(page.map((p) => embeddingText(p.heading, p.text)));
        const rows = page.map((p, i) => {
          const vector = vectors[i];
          return { id: p.id, embedding: vector ? encodeEmbedding(stored.tag, vector) : null };
        });
        await storeEmbeddings(ctx.db, rows);
      });
    }
    return stored;
  } finally {
    await thread.close();
  }
}

/**
 * Rounds of attempts a refit is given again after one ended failed by the kill limit (its process
 * was killed during its last attempt). Such a refit leaves the model it found, or a new one with
 * only some passages re-embedded in its space, and nothing else would queue another until the
 * archive grows by REFIT_GROWTH: a quiet archive kept that model for good. Bounded, so a refit that
 * kills its process itself ends failed for good after (1 + this) × its attempts, and a restart
 * always comes up.
 */
const REFIT_ROUNDS_AFTER_KILLS = 2;

export const refitModelJob = defineJob({
  kind: REFIT_MODEL_JOB,
  payload: z.object({ round: z.number().int().min(0).optional() }),
  async run(ctx) {
    await refitModel(ctx);
  },
  async onFinalFailure(ctx, { round = 0 }, _error, job) {
    // Kills need not be the refit's doing (the process may be stopped for any reason); an error
    // of its own would only fail the same way again.
    if (!endedByKillLimit(job) || round >= REFIT_ROUNDS_AFTER_KILLS) return;
    await enqueueJob(ctx.db, {
      kind: REFIT_MODEL_JOB,
      payload: { round: round + 1 },
      runAt: ctx.clock.now(),
      dedupeKey: REFIT_MODEL_JOB,
    });
    ctx.notifyJobs();
  },
});
