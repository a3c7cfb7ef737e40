import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { latestJobPayload } from "../../jobs/queue";
import { conflict, notFound } from "../../lib/errors";
import type { LoadedDocument } from "../../policies/guard";
import { withTransaction } from "../activity/command";
import {
  CONVERT_DOCUMENT_JOB,
  convertDocumentPayload,
  enqueueConversion,
  enqueueProcessing,
  PROCESS_DOCUMENT_JOB,
  processDocumentPayload,
  type ConvertDocumentPayload,
} from "./process-payload";
import { lockDocument, updateDocumentRow } from "./repository";
import { pendingOcrPages, type OcrWork } from "./store-version";
import { findVersionRow } from "./version-repository";

/** The OCR work of a version's last processing job: a retry carries it over. */
async function lastOcrWork(db: Database, documentId: string, version: number): Promise<Partial<OcrWork>> {
  const stored = await latestJobPayload(db, PROCESS_DOCUMENT_JOB, { documentId, version: String(version) });
  // Read with the job's own schema: a payload it would refuse carries no OCR work over.
  const parsed = processDocumentPayload.safeParse(stored);
  const payload = parsed.success ? parsed.data : null;
  return payload?.ocrAnchors && payload.ocrBase !== undefined
    ? { ocrPages: payload.ocrPages ?? [], ocrAnchors: payload.ocrAnchors, ocrBase: payload.ocrBase }
    : {};
}

/** The conversion a version still waits for: it was queued and never led to processing (it failed). */
async function unconvertedVersion(
  db: Database,
  documentId: string,
  version: number,
): Promise<ConvertDocumentPayload | null> {
  const fields = { documentId, version: String(version) };
  if (await latestJobPayload(db, PROCESS_DOCUMENT_JOB, fields)) return null;
  const parsed = convertDocumentPayload.safeParse(await latestJobPayload(db, CONVERT_DOCUMENT_JOB, fields));
  return parsed.success ? parsed.data : null;
}

/** Processing that failed for good can be run again; anything else is already running or done. */
export async function retryProcessing(ctx: AppContext, target: LoadedDocument): Promise<void> {
  const { actor, id: documentId } = target;
  await withTransaction(ctx, actor, async (tx, record) => {
    const doc = await lockDocument(tx, documentId);
    if (!doc) throw notFound("Document");
    if (doc.processingState !== "failed")
      throw conflict(`Processing is ${doc.processingState}; only failed processing can be retried`);
    const current = await findVersionRow(tx, documentId, doc.currentVersion);
    if (!current) throw notFound("Version");
    await updateDocumentRow(tx, documentId, { processingState: "processing", processingError: null });
    const runAt = ctx.clock.now();
    const conversion = await unconvertedVersion(tx, documentId, doc.currentVersion);
    if (conversion) {
      const dedupeKey = `${CONVERT_DOCUMENT_JOB}:${documentId}:${doc.currentVersion}:retry:${Date.now()}`;
      await enqueueConversion(tx, conversion, { runAt, dedupeKey });
    } else {
      const ocr = await lastOcrWork(tx, documentId, doc.currentVersion);
      await enqueueProcessing(
        tx,
        { documentId, version: doc.currentVersion, ocrPages: pendingOcrPages(current.content), ...ocr },
        {
          runAt,
          dedupeKey: `${PROCESS_DOCUMENT_JOB}:${documentId}:${doc.currentVersion}:retry:${Date.now()}`,
        },
      );
    }
    await record({
      action: "Retried processing",
      subjectType: "document",
      subjectId: documentId,
      data: { version: doc.currentVersion },
    });
  });
  ctx.notifyJobs();
}
