import type { AppContext } from "../../context";
import { fillOcrPages, UnreadableFileError, type OcrPageText } from "../../ingest";
import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { textWork } from "../../lib/text-work";
import { processDocumentPayload, PROCESS_DOCUMENT_JOB, type ProcessDocumentPayload } from "./process-payload";
import { normaliseTags } from "./service";
import { pendingOcrPages, sha256Hex } from "./store-version";
import type { PipelineStep, PipelineTarget } from "./pipeline-step";
import { OCR_MARKER_START, withOcrPlaceholders, type OcrAnchor } from "./upload";
import { findDocumentRow } from "./repository";
import { findVersionRow, versionTextHolds, versionTextStart } from "./version-repository";
import { lastFoundTags } from "./tags-repository";
import { recordFoundTags, recordProcessingOutcome, recordRecognisedText } from "./processing";
import { languageStep } from "./language-step";
import { thumbnailStep } from "./thumbnail-step";
import { chosenLanguages } from "../settings/ocr-languages";

/** The version this job processes. */
const loadVersion = (ctx: AppContext, target: PipelineTarget) =>
  findVersionRow(ctx.db, target.documentId, target.version);

/**
 * Scanned PDF pages: recognise their text offline and put it where each page stood. The stored
 * markdown never holds a placeholder (every view would show it); the job carries the anchors and
 * the hash of the markdown before OCR, so a repeated job sees the text is already in and stops.
 * Versions stored before that still carry placeholders, which are filled in place.
 */
const ocrStep: PipelineStep = {
  name: "ocr",
  async run(ctx, target) {
    // Without scanned pages only a version stored with placeholders has OCR to do; the database
    // answers that, so a long text is not read onto the event loop for nothing.
    const { documentId, version } = target;
    if (
      !target.ocr?.ocrAnchors.length &&
      !(await versionTextHolds(ctx.db, documentId, version, OCR_MARKER_START))
    )
      return;
    const row = await loadVersion(ctx, target);
    if (!row) return;
    const anchors: OcrAnchor[] = target.ocr?.ocrAnchors ?? [];
    const pending = anchors.length > 0 && sha256Hex(row.content) === target.ocr?.ocrBase;
    const template = pending ? withOcrPlaceholders(row.content, anchors) : row.content;
    const pages = pendingOcrPages(template);
    if (pages.length === 0) return;
    const bytes = await ctx.blobs.get(row.blobSha256);
    const results = await readPages(ctx, target, bytes, pages);
    // A page OCR found nothing on leaves no trace: its placeholder is dropped, never kept as text.
    const filled = fillOcrPages(template, results);
    await recordRecognisedText(
      ctx,
      { ...target, versionId: row.id, pages: pages.length },
      pendingOcrPages(filled).length > 0 ? withoutPlaceholders(filled) : filled,
    );
  },
};

/**
 * OCR in the conversion worker threads, under their limits. A page refused there (too large to
 * decode, too slow) is left out, and the document says why once processing ends.
 */
async function readPages(
  ctx: AppContext,
  target: PipelineTarget,
  bytes: Uint8Array,
  pages: number[],
): Promise<OcrPageText[]> {
  const results: OcrPageText[] = [];
  // The languages an Admin chose in Settings › Ingestion (English unless chosen otherwise).
  const languages = await chosenLanguages(ctx);
  for (const page of pages) {
    try {
      results.push(...(await ctx.converter.ocr(bytes, [page], languages)));
    } catch (error) {
      if (!(error instanceof UnreadableFileError)) throw error;
      target.refusal ??= error.reason;
    }
  }
  return results;
}

function withoutPlaceholders(markdown: string): string {
  return markdown.replace(/<!-- quire:ocr-pending page=\d+ -->\n*/g, "");
}

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, i) => tag === b[i]);

/**
 * Each published version's keyphrases become the document's tags, so tags follow the text (a
 * README that drops its e-mail addresses drops tags made of them). Tags a person chose stay: only
 * tags that are none, or exactly those Quire last found, are replaced. Once a version was approved
 * the tags follow the effective version, since every reader sees them: a revision's words become
 * tags when it is approved (retagDocumentJob), never while only its owner and reviewers may read it.
 */
const tagsStep: PipelineStep = {
  name: "tags",
  async run(ctx, target) {
    const doc = await findDocumentRow(ctx.db, target.documentId);
    if (!doc || (doc.effectiveVersion ?? doc.currentVersion) !== target.version) return;
    if (doc.tags.length > 0) {
      const found = await lastFoundTags(ctx.db, doc.id);
      if (!found || !sameTags(found, doc.tags)) return;
    }
    const start = await versionTextStart(ctx.db, target.documentId, target.version, 200_000);
    if (start === null) return;
    // The title is a block of its own, so it never runs on into the text's first line.
    const text = `${doc.title}\n\n${start}`;
    const keyphrases = await textWork(ctx, { kind: "keyphrases", text, max: 5 });
    const tags = normaliseTags(keyphrases.map((k) => k.phrase));
    if (sameTags(tags, doc.tags)) return;
    await recordFoundTags(ctx, target, doc.tags, tags);
  },
};

/** Tags from a version that just became effective. */
export const retagDocumentJob = defineJob({
  kind: "documents.retag",
  payload: z.object({ documentId: z.string().min(1), version: z.number().int().positive() }),
  run: (ctx, payload) => tagsStep.run(ctx, payload),
});

function targetOf(payload: ProcessDocumentPayload): PipelineTarget {
  const target: PipelineTarget = { documentId: payload.documentId, version: payload.version };
  if (payload.ocrAnchors && payload.ocrBase !== undefined) {
    target.ocr = { ocrAnchors: payload.ocrAnchors, ocrBase: payload.ocrBase };
  }
  return target;
}

/**
 * The processing job: the text first (OCR), its language, then tags and the thumbnail, then the steps other modules contribute
 * from the finished text (suggestion facts, the summary, the search index), which the application
 * passes in so that documents never imports the modules that read it.
 */
export function defineProcessDocumentJob(laterSteps: readonly PipelineStep[]) {
  const steps: readonly PipelineStep[] = [ocrStep, languageStep, tagsStep, thumbnailStep, ...laterSteps];
  return defineJob({
    kind: PROCESS_DOCUMENT_JOB,
    payload: processDocumentPayload,
    async run(ctx, payload) {
      const target = targetOf(payload);
      for (const step of steps) {
        const started = performance.now();
        try {
          await step.run(ctx, target);
          // Where a document's processing time goes (LOG_LEVEL=debug; the ingest bench sums these).
          const ms = Math.round(performance.now() - started);
          ctx.log.debug({ step: step.name, ms, documentId: target.documentId }, "processing step");
        } catch (error) {
          throw new Error(`${step.name}: ${error instanceof Error ? error.message : String(error)}`, {
            cause: error,
          });
        }
      }
      // A page OCR refused leaves the rest of the document processed, and says why it is missing.
      await recordProcessingOutcome(
        ctx,
        target,
        target.refusal ? { state: "failed", error: target.refusal } : { state: "ready", error: null },
      );
    },
    async onFinalFailure(ctx, payload, error) {
      await recordProcessingOutcome(ctx, targetOf(payload), {
        state: "failed",
        error: `Processing failed at step ${error}`,
      });
    },
  });
}
