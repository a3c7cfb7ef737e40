import type { AppContext } from "../../context";
import { dropPieces, storableText } from "../../db/text-pieces";
import { UnreadableFileError, type Conversion } from "../../ingest";
import { defineJob, PermanentJobError } from "../../jobs/define";
import { latestJobPayload } from "../../jobs/queue";
import { SYSTEM_ACTOR, withTransaction } from "../activity/command";
import { CONVERT_DOCUMENT_JOB, convertDocumentPayload, PROCESS_DOCUMENT_JOB } from "./process-payload";
import type { ConvertDocumentPayload } from "./process-payload";
import { recordProcessingOutcome } from "./processing";
import { lockDocument, updateDocumentRow } from "./repository";
import { queueProcessing } from "./store-version";
import { findVersionRow, setVersionContent } from "./version-repository";
import { withoutOcrPlaceholders, type ValidatedFile } from "./upload";

/** The converter's verdict; a file it refuses is refused for good, with the reason an upload would answer. */
async function convertOriginal(ctx: AppContext, bytes: Buffer, kind: ConvertDocumentPayload["kind"]) {
  try {
    return await ctx.converter.convert(bytes, kind);
  } catch (error) {
    if (error instanceof UnreadableFileError) throw new PermanentJobError(error.reason);
    throw error;
  }
}

/** The converted text goes in, the title too when the file has one and none was typed, and processing is queued. */
async function recordConversion(
  ctx: AppContext,
  payload: ConvertDocumentPayload,
  file: ValidatedFile & { versionId: string },
  conversion: Conversion,
): Promise<void> {
  const { documentId, version } = payload;
  // A long text goes in pieces, before the transaction (db/text-pieces.ts).
  const text = await storableText(ctx.db, file.versionId, withoutOcrPlaceholders(file.markdown).content);
  await withTransaction(ctx, SYSTEM_ACTOR, async (tx, record) => {
    const doc = await lockDocument(tx, documentId);
    if (!doc) return;
    await setVersionContent(tx, file.versionId, text);
    await dropPieces(tx, file.versionId, text);
    const title = payload.titleFromFile ? conversion.title?.trim().slice(0, 300) : undefined;
    if (title && title !== doc.title) await updateDocumentRow(tx, documentId, { title });
    await queueProcessing(tx, documentId, version, file, ctx.clock.now());
    await record({
      action: "Converted",
      subjectType: "document",
      subjectId: documentId,
      data: { version, filename: file.filename, ...(title ? { title } : {}) },
    });
  });
  ctx.notifyJobs();
}

/**
 * Converts an original an API process stored without converting it (WORKER=false): the request
 * answered 202 at once, and the conversion, with its limits, runs here in a job-running process.
 * The text and its processing job are committed together, so a repeated job finds the processing
 * queued and stops. A file the converter refuses leaves the document failed with the reason the
 * upload would have answered as 422.
 */
export const convertDocumentJob = defineJob({
  kind: CONVERT_DOCUMENT_JOB,
  payload: convertDocumentPayload,
  async run(ctx, payload) {
    const { documentId, version } = payload;
    if (await latestJobPayload(ctx.db, PROCESS_DOCUMENT_JOB, { documentId, version: String(version) }))
      return;
    const row = await findVersionRow(ctx.db, documentId, version);
    if (!row) return;
    const bytes = await ctx.blobs.get(row.blobSha256);
    const conversion = await convertOriginal(ctx, bytes, payload.kind);
    const file = {
      versionId: row.id,
      bytes,
      filename: row.originalFilename,
      mediaType: row.mediaType,
      markdown: conversion.markdown,
      pagesNeedingOcr: conversion.pagesNeedingOcr,
      title: conversion.title,
    };
    await recordConversion(ctx, payload, file, conversion);
  },
  async onFinalFailure(ctx, { documentId, version }, error) {
    await recordProcessingOutcome(ctx, { documentId, version }, { state: "failed", error });
  },
});
