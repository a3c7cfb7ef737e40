import { createHash, randomUUID } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { normaliseTags } from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { dropPieces, storableText } from "../../db/text-pieces";
import { conflict, HttpError, notFound } from "../../lib/errors";
import { loadCategoryAccess, withGroups } from "../../policies/facts";
import type { LoadedDocument } from "../../policies/guard";
import { authorizeCreateIn, type Actor } from "../../policies/policy";
import { raise } from "../../events/subscriber";
import {
  SYSTEM_ACTOR_NAME,
  withTransaction,
  type CommandActor,
  type CommandOptions,
} from "../activity/command";
import { autoFiledText, statusAfterNewVersion, type IngestionSource } from "@quire/contracts";
import { appendActivity } from "../activity/repository";
import { withoutOcrPlaceholders, type OcrAnchor, type ValidatedFile } from "./upload";

import {
  CONVERT_DOCUMENT_JOB,
  enqueueConversion,
  enqueueProcessing,
  PROCESS_DOCUMENT_JOB,
} from "./process-payload";
import type { SupportedKind } from "../../ingest";
import {
  findDocumentRow,
  insertBlob,
  insertDocument,
  insertVersion as insertVersionRow,
  lockDocument,
  updateDocumentRow,
} from "./repository";

export { PROCESS_DOCUMENT_JOB };

interface NewDocumentInput {
  title: string;
  categoryId: string;
  tags?: string[];
  file: ValidatedFile;
  /** Backdating for imports and demo seeding; uploads use the clock. */
  createdAt?: Date;
  /**
   * Who the history names, when not the owner acting: the system actor for a bulk import (the
   * entry then names the owner it filed the document for).
   */
  recordAs?: CommandActor;
  /** How the file arrived (Settings › Ingestion lists it); absent for documents Quire made itself. */
  source?: IngestionSource;
  /** No category was given: Quire chose this one (filing/choose.ts), and says so in the history. */
  autoFiled?: { categoryName: string };
  /**
   * The file is stored as it came and converted by a job (an API process without the job runner):
   * its version's text is empty until then. `titleFromFile`: the title was not typed, so the
   * document's own title replaces the file name's once the conversion finds one.
   */
  convertLater?: { kind: SupportedKind; titleFromFile: boolean };
}

/** The category exists, the actor sees it (else 400 as unknown) and may add documents there (else 403). */
async function assertCanAddTo(db: Database, actor: Actor, categoryId: string): Promise<void> {
  authorizeCreateIn(await withGroups(db, actor), await loadCategoryAccess(db, categoryId));
}

/**
 * A new version's id and its text as the version's insert stores it: a long text is written in
 * pieces first, each its own statement, before the transaction (db/text-pieces.ts).
 */
interface PreparedText {
  versionId: string;
  content: string | SQL;
}

async function prepareText(db: Database, file: ValidatedFile): Promise<PreparedText> {
  const versionId = randomUUID();
  return {
    versionId,
    content: await storableText(db, versionId, withoutOcrPlaceholders(file.markdown).content),
  };
}

/** The blob row and the version row of one stored original, inside the caller's transaction. */
async function insertVersion(
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
  await insertVersionRow(tx, {
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

export const sha256Hex = (text: string | Uint8Array) => createHash("sha256").update(text).digest("hex");

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
 * Stores the bytes again if the orphan sweep took them while the transaction that claims them was
 * still open (only possible when it ran longer than the sweep's grace period).
 */
async function keepStored(ctx: AppContext, sha256: string, bytes: Uint8Array): Promise<void> {
  if (!(await ctx.blobs.has(sha256))) await ctx.blobs.put(bytes);
}

/**
 * The original is stored (durably, content-addressed) before the transaction that creates the
 * document, its first version and its processing job; an acknowledged upload is therefore whole.
 * If the transaction fails, the stored bytes are an orphan the cleanup sweep removes.
 */
export async function createDocument(
  ctx: AppContext,
  actor: Actor,
  input: NewDocumentInput,
  db: Database = ctx.db,
): Promise<string> {
  await assertCanAddTo(db, actor, input.categoryId);
  const sha256 = await ctx.blobs.put(input.file.bytes);
  const text = await prepareText(db, input.file);
  const now = input.createdAt ?? ctx.clock.now();
  const id = await withTransaction(
    ctx,
    input.recordAs ?? actor,
    async (tx, record) => {
      const docId = await insertDocument(tx, {
        title: input.title,
        categoryId: input.categoryId,
        ownerId: actor.id,
        tags: normaliseTags(input.tags ?? []),
        currentVersion: 1,
        processingState: "processing",
        autoFiled: input.autoFiled !== undefined,
        createdAt: now,
        updatedAt: now,
      });
      await insertVersion(tx, {
        documentId: docId,
        version: 1,
        changeNote: null,
        authorId: actor.id,
        sha256,
        file: input.file,
        text,
        now,
      });
      if (input.convertLater)
        await enqueueConversion(
          tx,
          { documentId: docId, version: 1, ...input.convertLater },
          { runAt: now, dedupeKey: `${CONVERT_DOCUMENT_JOB}:${docId}:1` },
        );
      else await queueProcessing(tx, docId, 1, input.file, now);
      await raise(ctx, tx, {
        type: "document.created",
        // A bulk import or the watched folder is Quire's doing, for the owner it files for.
        by: input.recordAs?.system
          ? { id: null, username: SYSTEM_ACTOR_NAME }
          : { id: actor.id, username: actor.username },
        at: now,
        documentId: docId,
        filename: input.file.filename,
        sha256,
        source: input.source ?? null,
      });
      await record({
        action: "Uploaded",
        subjectType: "document",
        subjectId: docId,
        data: {
          title: input.title,
          filename: input.file.filename,
          version: 1,
          ...(input.recordAs ? { owner: actor.username } : {}),
        },
      });
      if (input.autoFiled) await recordAutoFiled(tx, docId, input.categoryId, input.autoFiled, now);
      return docId;
    },
    { db, at: now },
  );
  if (db === ctx.db) await keepStored(ctx, sha256, input.file.bytes);
  ctx.notifyJobs();
  return id;
}

/** The filing is Quire's choice, not the uploader's: its entry is the system actor's, in the upload's transaction. */
async function recordAutoFiled(
  tx: Database,
  documentId: string,
  categoryId: string,
  filed: { categoryName: string },
  at: Date,
): Promise<void> {
  await appendActivity(
    tx,
    {
      action: "Filed automatically",
      subjectType: "document",
      subjectId: documentId,
      comment: autoFiledText(filed.categoryName),
      data: { categoryId, category: filed.categoryName, version: 1 },
    },
    { userId: null, system: true, ip: null, at },
  );
}

interface NewVersionInput {
  file: ValidatedFile;
  changeNote: string | null;
  expectedVersion: number;
  createdAt?: Date;
  /** The file is stored as it came and converted by a job (see NewDocumentInput). */
  convertLater?: { kind: SupportedKind };
  /** The file was made from text edited in the app, not uploaded. */
  fromText?: boolean;
}

/** 409 for an edit that did not start from the current version. */
function staleEdit(currentVersion: number, expectedVersion: number) {
  return new HttpError(
    409,
    `This document changed since you opened it: version ${currentVersion} is current, your edit started from version ${expectedVersion}. Reload it and apply your change again.`,
    "staleVersion",
    { current: currentVersion, expected: expectedVersion },
  );
}

/**
 * A new version, only on top of the version the editor started from: a stale expectedVersion
 * answers 409 and changes nothing, so two concurrent edits can never silently overwrite each other.
 * The version is checked before the original is stored too, so a refused edit leaves no bytes
 * behind (the check under the lock still decides; only a version landing in between leaves an
 * orphan for the sweep, since stored bytes may already be another version's and are never deleted here).
 */
export async function addVersion(
  ctx: AppContext,
  target: LoadedDocument,
  input: NewVersionInput,
): Promise<number> {
  const { actor, id: documentId } = target;
  const current = await findDocumentRow(ctx.db, documentId);
  if (!current) throw notFound("Document");
  if (current.currentVersion !== input.expectedVersion)
    throw staleEdit(current.currentVersion, input.expectedVersion);
  const sha256 = await ctx.blobs.put(input.file.bytes);
  const text = await prepareText(ctx.db, input.file);
  const now = input.createdAt ?? ctx.clock.now();
  const version = await withTransaction(
    ctx,
    actor,
    async (tx, record) => {
      const doc = await lockDocument(tx, documentId);
      if (!doc) throw notFound("Document");
      if (doc.currentVersion !== input.expectedVersion)
        throw staleEdit(doc.currentVersion, input.expectedVersion);
      const next = doc.currentVersion + 1;
      await insertVersion(tx, {
        documentId,
        version: next,
        changeNote: input.changeNote,
        authorId: actor.id,
        sha256,
        file: input.file,
        text,
        now,
        fromText: input.fromText,
      });
      const status = statusAfterNewVersion(doc.status);
      await updateDocumentRow(tx, documentId, {
        currentVersion: next,
        status,
        processingState: "processing",
        processingError: null,
        updatedAt: now,
      });
      if (input.convertLater)
        await enqueueConversion(
          tx,
          { documentId, version: next, kind: input.convertLater.kind, titleFromFile: false },
          { runAt: now, dedupeKey: `${CONVERT_DOCUMENT_JOB}:${documentId}:${next}` },
        );
      else await queueProcessing(tx, documentId, next, input.file, now);
      await record({
        action: "New version",
        subjectType: "document",
        subjectId: documentId,
        comment: input.changeNote,
        data: { version: next, filename: input.file.filename },
      });
      await raise(ctx, tx, { type: "document.versionAdded", by: actor, at: now, documentId, version: next });
      return next;
    },
    { at: now },
  );
  await keepStored(ctx, sha256, input.file.bytes);
  ctx.notifyJobs();
  return version;
}

export async function updateMetadata(
  ctx: AppContext,
  target: LoadedDocument,
  input: { title?: string | undefined; categoryId?: string | undefined; tags?: string[] | undefined },
  command: CommandOptions = {},
): Promise<void> {
  const { actor, id: documentId } = target;
  // Moving a document files it in another category: the same right as uploading there.
  if (input.categoryId && input.categoryId !== target.facts.categoryId)
    await assertCanAddTo(command.inside ?? ctx.db, actor, input.categoryId);
  await withTransaction(
    ctx,
    actor,
    async (tx, record) => {
      const locked = await lockDocument(tx, documentId);
      const before = locked
        ? { title: locked.title, categoryId: locked.categoryId, tags: locked.tags }
        : null;
      await updateDocumentRow(tx, documentId, {
        ...(input.title !== undefined ? { title: input.title } : {}),
        // A person choosing the category settles where Quire filed it: nothing is left to confirm.
        ...(input.categoryId !== undefined ? { categoryId: input.categoryId, autoFiled: false } : {}),
        ...(input.tags !== undefined ? { tags: normaliseTags(input.tags) } : {}),
        updatedAt: ctx.clock.now(),
      });
      await record({
        action: "Edited details",
        subjectType: "document",
        subjectId: documentId,
        data: { before, after: input },
      });
      // Another category can have another access list, closed to someone the review waits on.
      if (before && input.categoryId !== undefined && input.categoryId !== before.categoryId) {
        const moved = { documentId, fromCategoryId: before.categoryId, toCategoryId: input.categoryId };
        await raise(ctx, tx, { type: "document.moved", by: actor, at: ctx.clock.now(), ...moved });
      }
      await raise(ctx, tx, { type: "document.detailsChanged", by: actor, at: ctx.clock.now(), documentId });
    },
    command,
  );
  // Inside another command the jobs commit with it, and that command announces them.
  if (!command.inside) ctx.notifyJobs();
}

/**
 * Hands a document to another owner (checked by the caller: the same right as editing its details,
 * and the new owner able to add documents where it lives). Owners always see their documents, so
 * the previous owner may lose sight of it: an access change for everything that waits on them.
 */
export async function changeOwner(
  ctx: AppContext,
  target: LoadedDocument,
  owner: { id: string; username: string },
  command: CommandOptions = {},
): Promise<void> {
  const { actor, id: documentId } = target;
  await withTransaction(
    ctx,
    actor,
    async (tx, record) => {
      const locked = await lockDocument(tx, documentId);
      if (!locked) throw notFound("Document");
      if (locked.ownerId === owner.id) return;
      const now = ctx.clock.now();
      await updateDocumentRow(tx, documentId, { ownerId: owner.id, updatedAt: now });
      await record({
        action: "Changed owner",
        subjectType: "document",
        subjectId: documentId,
        data: { fromUserId: locked.ownerId, toUserId: owner.id, to: owner.username },
      });
      await raise(ctx, tx, { type: "document.accessChanged", by: actor, at: now, documentId });
      await raise(ctx, tx, { type: "document.detailsChanged", by: actor, at: now, documentId });
    },
    command,
  );
  if (!command.inside) ctx.notifyJobs();
}

/** Archived documents leave every list but stay in the database with all their versions. */
export async function setArchived(
  ctx: AppContext,
  target: LoadedDocument,
  archived: boolean,
  command: CommandOptions = {},
): Promise<void> {
  const { actor, id: documentId, facts } = target;
  if (facts.archived === archived)
    throw conflict(archived ? "The document is already archived" : "The document is not archived");
  await withTransaction(
    ctx,
    actor,
    async (tx, record) => {
      await lockDocument(tx, documentId);
      // An archived document is out of every queue: a review waiting on it ends rather than hang unseen.
      await raise(ctx, tx, {
        type: "document.archiveChanged",
        by: actor,
        at: ctx.clock.now(),
        documentId,
        archived,
      });
      await updateDocumentRow(tx, documentId, {
        archivedAt: archived ? ctx.clock.now() : null,
        updatedAt: ctx.clock.now(),
      });
      await record({
        action: archived ? "Archived" : "Restored",
        subjectType: "document",
        subjectId: documentId,
      });
    },
    command,
  );
  // Inside another command the jobs commit with it, and that command announces them.
  if (!command.inside) ctx.notifyJobs();
}

/** Page numbers whose OCR placeholder is still in the markdown (versions stored before placeholders were kept out). */
export function pendingOcrPages(markdown: string): number[] {
  return [...markdown.matchAll(/<!-- quire:ocr-pending page=(\d+) -->/g)].map((m) => Number(m[1]));
}

/** Tags as stored, by the rule the web's tag field shares (contracts/uploads.ts). */
export { normaliseTags };
