import type { PipelineStep } from "../documents/pipeline-step";
import { findDocumentRow } from "../documents/repository";
import { findCachedSummary } from "./repository";
import { computeSummary } from "./summaries";

/** A summary read while the text was still coming (OCR) is recomputed from the finished text. */
export const summaryStep: PipelineStep = {
  name: "summary",
  async run(ctx, target) {
    if (!(await findCachedSummary(ctx.db, target.documentId, target.version))) return;
    const doc = await findDocumentRow(ctx.db, target.documentId);
    if (doc) await computeSummary(ctx, { ...target, title: doc.title, status: doc.status });
  },
};
