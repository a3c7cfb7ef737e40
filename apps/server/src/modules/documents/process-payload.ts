import { z } from "zod";
import type { Database } from "../../db/client";
import { enqueueJob } from "../../jobs/queue";

export const PROCESS_DOCUMENT_JOB = "document.process";

/**
 * What a document's processing job carries: the version to process and, for scanned pages, the
 * OCR work (pages, where their text goes, the hash of the text before OCR). Written by the
 * documents service, read by the pipeline; one schema for both.
 */
export const processDocumentPayload = z.object({
  documentId: z.string().min(1),
  version: z.number().int().min(1),
  ocrPages: z.array(z.number().int().min(1)).optional(),
  ocrAnchors: z
    .array(z.object({ page: z.number().int().min(1), offset: z.number().int().min(0) }))
    .optional(),
  ocrBase: z.string().optional(),
});
export type ProcessDocumentPayload = z.infer<typeof processDocumentPayload>;

/** Queues a version's processing in the caller's transaction, with a payload the pipeline will accept. */
export function enqueueProcessing(
  db: Database,
  payload: ProcessDocumentPayload,
  options: { runAt: Date; dedupeKey: string },
): Promise<void> {
  return enqueueJob(db, { kind: PROCESS_DOCUMENT_JOB, payload, ...options });
}

export const CONVERT_DOCUMENT_JOB = "document.convert";

/**
 * A stored original still to be converted (an upload to an API process without the job runner):
 * its kind as sniffed at upload, and whether its own title may replace the file name's.
 */
export const convertDocumentPayload = z.object({
  documentId: z.string().min(1),
  version: z.number().int().min(1),
  kind: z.enum(["pdf", "docx", "txt", "md"]),
  titleFromFile: z.boolean(),
});
export type ConvertDocumentPayload = z.infer<typeof convertDocumentPayload>;

/** Queues a stored original's conversion in the caller's transaction. */
export function enqueueConversion(
  db: Database,
  payload: ConvertDocumentPayload,
  options: { runAt: Date; dedupeKey: string },
): Promise<void> {
  return enqueueJob(db, { kind: CONVERT_DOCUMENT_JOB, payload, ...options });
}
