import { createHash, randomUUID } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { dropPieces, storableText } from "../../db/text-pieces";
import type { SupportedKind } from "../../ingest";
import { withoutOcrPlaceholders, type OcrAnchor, type ValidatedFile } from "./upload";
import {
  CONVERT_DOCUMENT_JOB,
  enqueueConversion,
  enqueueProcessing,
  PROCESS_DOCUMENT_JOB,
} from "./process-payload";
import { insertBlob, insertVersion } from "./version-repository";

/**
 * The steps every stored version takes, whether it starts a document or follows one: its text
 * prepared, its original's blob and version rows inserted, and the job that makes it readable queued.
 */

export const sha256Hex = (text: string | Uint8Array) => createHash("sha256").update(text).digest("hex");

/**
 * A new version's id and its text as the version's insert stores it: a long text is written in
 * pieces first, each its own statement, before the transaction (db/text-pieces.ts).
 */
export interface PreparedText {
  versionId: string;
  content: string | SQL;
}

export async function prepareText(db: Database, file: ValidatedFile): Promise<PreparedText> {
  const versionId = randomUUID();
  return {
    versionId,
    content: await storableText(db, versionId, withoutOcrPlaceholders(file.markdown).content),
  };
}

/** The blob row and the version row of one stored original, inside the caller's transaction. */
export async function insertVersionWithBlob(
  tx: Database,
  row: {
    documentId: string;
    version: number;
    changeNote: string | null;
    authorId: string;
    sha256: string;
    file: ValidatedFile;
    text: PreparedText;
    now: Date;
    /** The original is Quire's rendition of edited text (see the schema's originalFromText). */
    fromText?: boolean;
  },
): Promise<void> {
  await insertBlob(tx, { sha256: row.sha256, size: row.file.bytes.length, createdAt: row.now });
  await insertVersion(tx, {
    id: row.text.versionId,
    documentId: row.documentId,
    version: row.version,
    content: row.text.content,
    changeNote: row.changeNote,
    authorId: row.authorId,
    blobSha256: row.sha256,
    originalFilename: row.file.filename,
    mediaType: row.file.mediaType,
    size: row.file.bytes.length,
    originalFromText: row.fromText ?? false,
    createdAt: row.now,
  });
  await dropPieces(tx, row.text.versionId, row.text.content);
}

/**
 * Stores the bytes again if the orphan sweep took them while the transaction that claims them was
 * still open (only possible when it ran longer than the sweep's grace period).
 */
export async function keepStored(ctx: AppContext, sha256: string, bytes: Uint8Array): Promise<void> {
  if (!(await ctx.blobs.has(sha256))) await ctx.blobs.put(bytes);
}

/**
 * What the OCR step needs (see pipeline.ts): the pages to read, where their text goes in the
 * stored markdown, and the hash of that markdown before OCR (so a repeated job never fills twice).
 */
export interface OcrWork {
  ocrPages: number[];
  ocrAnchors: OcrAnchor[];
  ocrBase: string;
}

export function ocrWorkOf(file: ValidatedFile): OcrWork {
  const { content, anchors } = withoutOcrPlaceholders(file.markdown);
  return { ocrPages: anchors.map((a) => a.page), ocrAnchors: anchors, ocrBase: sha256Hex(content) };
}

/** Page numbers whose OCR placeholder is still in the markdown (versions stored before placeholders were kept out). */
export function pendingOcrPages(markdown: string): number[] {
  return [...markdown.matchAll(/<!-- quire:ocr-pending page=(\d+) -->/g)].map((m) => Number(m[1]));
}

export async function queueProcessing(
  db: Database,
  documentId: string,
  version: number,
  file: ValidatedFile,
  now: Date,
): Promise<void> {
  await enqueueProcessing(
    db,
    { documentId, version, ...ocrWorkOf(file) },
    { runAt: now, dedupeKey: `${PROCESS_DOCUMENT_JOB}:${documentId}:${version}` },
  );
}

/**
 * The job a new version waits on: its conversion when the file was stored as it came (convertLater),
 * which queues processing once done, or else its processing straight away.
 */
export async function queueVersionWork(
  tx: Database,
  target: { documentId: string; version: number },
  file: ValidatedFile,
  convertLater: { kind: SupportedKind; titleFromFile: boolean } | undefined,
  now: Date,
): Promise<void> {
  const { documentId, version } = target;
  if (convertLater)
    await enqueueConversion(
      tx,
      { documentId, version, ...convertLater },
      { runAt: now, dedupeKey: `${CONVERT_DOCUMENT_JOB}:${documentId}:${version}` },
    );
  else await queueProcessing(tx, documentId, version, file, now);
}
