import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { documents, versions } from "../../db/schema";
import { fillOcrPages, ocrPdfPages } from "../../ingest";
import type { JobHandler } from "../../jobs/runner";
import type { JobRow } from "../../jobs/queue";
import { pendingOcrPages, PROCESS_DOCUMENT_JOB } from "./service";
import { searchIndexStep } from "../search/indexer";

export interface PipelineTarget {
  documentId: string;
  version: number;
}

/**
 * One step of a document's processing. Steps are idempotent: a job interrupted by a crash runs
 * again from the start, and each step notices what is already done.
 */
export interface PipelineStep {
  name: string;
  run(ctx: AppContext, target: PipelineTarget): Promise<void>;
}

/** Scanned PDF pages: recognise their text offline and put it where the page's placeholder stands. */
const ocrStep: PipelineStep = {
  name: "ocr",
  async run(ctx, target) {
    const [row] = await ctx.db
      .select()
      .from(versions)
      .where(and(eq(versions.documentId, target.documentId), eq(versions.version, target.version)));
    if (!row) return;
    const pages = pendingOcrPages(row.content);
    if (pages.length === 0) return;
    const bytes = await ctx.blobs.get(row.blobSha256);
    const results = await ocrPdfPages(bytes, pages);
    await ctx.db
      .update(versions)
      .set({ content: fillOcrPages(row.content, results) })
      .where(eq(versions.id, row.id));
  },
};

/** Later issues (search indexing, AI summaries) append their steps here. */
export const documentPipeline: PipelineStep[] = [ocrStep, searchIndexStep];

function targetOf(job: JobRow): PipelineTarget {
  const payload = job.payload as { documentId?: unknown; version?: unknown };
  if (typeof payload.documentId !== "string" || typeof payload.version !== "number") {
    throw new Error(`malformed ${PROCESS_DOCUMENT_JOB} payload`);
  }
  return { documentId: payload.documentId, version: payload.version };
}

/** Only the job of the current version may mark the document ready or failed. */
async function setState(
  ctx: AppContext,
  target: PipelineTarget,
  state: "ready" | "failed",
  error: string | null,
): Promise<void> {
  await ctx.db
    .update(documents)
    .set({ processingState: state, processingError: error })
    .where(and(eq(documents.id, target.documentId), eq(documents.currentVersion, target.version)));
}

export const processDocumentHandler: JobHandler = {
  async run(ctx, job) {
    const target = targetOf(job);
    for (const step of documentPipeline) {
      try {
        await step.run(ctx, target);
      } catch (error) {
        throw new Error(`${step.name}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    }
    await setState(ctx, target, "ready", null);
  },
  async onFinalFailure(ctx, job, error) {
    await setState(ctx, targetOf(job), "failed", `Processing failed at step ${error}`);
  },
};
