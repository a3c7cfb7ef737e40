import { z } from "zod";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { defineJob } from "../../jobs/define";
import { textWork } from "../../lib/text-work";
import type { PipelineStep } from "../documents/pipeline-step";
import { findVersionRow } from "../documents/version-repository";
import { storeVersionFacts, versionsWithoutFacts } from "./suggestion-repository";

/**
 * The dashboard's suggestions read stored facts, never a document's text: a request that shingled
 * every visible document took seconds per call with one document of a few million characters, and
 * held every other request meanwhile. Each version's facts (a near-duplicate sketch of bounded
 * size, its stated review date) are computed once, when it is processed, in the text-work thread
 * when the text is long.
 */
export async function computeVersionFacts(
  ctx: AppContext,
  documentId: string,
  version: number,
): Promise<void> {
  const row = await findVersionRow(ctx.db, documentId, version);
  if (!row) return;
  const facts = await textWork(ctx, { kind: "suggestionFacts", content: row.content });
  await storeVersionFacts(ctx.db, row.id, Buffer.byteLength(row.content), facts, ctx.clock.now());
}

/** Pipeline step, after OCR has put the version's text in place. */
export const suggestionFactsStep: PipelineStep = {
  name: "suggestion-facts",
  run: (ctx, target) => computeVersionFacts(ctx, target.documentId, target.version),
};

export const SUGGESTION_FACTS_JOB = "ai.suggestionFacts";

/**
 * Facts for a version processed before they were kept (queued by enqueueMissingVersionFacts); a
 * version that got them meanwhile (its processing job ran first) or is no longer current is skipped.
 */
export const suggestionFactsJob = defineJob({
  kind: SUGGESTION_FACTS_JOB,
  payload: z.object({ documentId: z.string().min(1), version: z.number().int().min(1) }),
  async run(ctx, { documentId, version }) {
    const [missing] = await versionsWithoutFacts(ctx.db, documentId);
    if (missing?.version === version) await computeVersionFacts(ctx, documentId, version);
  },
});

/** Queues the facts of every current version that has none (or stale ones); answers how many. */
export async function enqueueMissingVersionFacts(db: Database, now: Date): Promise<number> {
  const missing = await versionsWithoutFacts(db);
  for (const { documentId, version } of missing) {
    await suggestionFactsJob.enqueue(
      db,
      { documentId, version },
      { runAt: now, dedupeKey: `${SUGGESTION_FACTS_JOB}:${documentId}:${version}` },
    );
  }
  return missing.length;
}
