import { normaliseTags, statusAfterNewVersion } from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { conflict, HttpError, notFound } from "../../lib/errors";
import type { LoadedDocument } from "../../policies/guard";
import type { Actor } from "../../policies/policy";
import { raise } from "../../events/subscriber";
import { withTransaction, type CommandOptions, type RecordActivity } from "../activity/command";
import type { SupportedKind } from "../../ingest";
import { assertCanAddTo } from "./create-document";
import { findDocumentRow, lockDocument, updateDocumentRow, type DocumentRow } from "./repository";
import {
  insertVersionWithBlob,
  keepStored,
  prepareText,
  queueVersionWork,
  type PreparedText,
} from "./store-version";
import type { ValidatedFile } from "./upload";

/**
 * The commands on an existing document: a new version, its details, its owner, archiving. Creating
 * one is create-document.ts's; the steps every stored version takes are store-version.ts's.
 */

interface NewVersionInput {
  file: ValidatedFile;
  changeNote: string | null;
  expectedVersion: number;
  createdAt?: Date;
  /** The file is stored as it came and converted by a job (see create-document.ts's NewDocumentInput). */
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
  assertStartedFrom(await findDocumentRow(ctx.db, documentId), input.expectedVersion);
  const sha256 = await ctx.blobs.put(input.file.bytes);
  const text = await prepareText(ctx.db, input.file);
  const now = input.createdAt ?? ctx.clock.now();
  const version = await withTransaction(
    ctx,
    actor,
    async (tx, record) => {
      const doc = await lockDocument(tx, documentId);
      // Under the lock the check decides: a version that landed since the first one refuses the edit.
      assertStartedFrom(doc, input.expectedVersion);
      const next = doc.currentVersion + 1;
      await insertNextVersion(tx, doc, next, { actor, input, sha256, text, now });
      const convertLater = input.convertLater && { kind: input.convertLater.kind, titleFromFile: false };
      await queueVersionWork(tx, { documentId, version: next }, input.file, convertLater, now);
      await recordVersionAdded(ctx, tx, record, { actor, input, documentId, version: next, now });
      return next;
    },
    { at: now },
  );
  await keepStored(ctx, sha256, input.file.bytes);
  ctx.notifyJobs();
  return version;
}

/** The document exists (else 404) and its current version is the one the edit started from (else 409). */
function assertStartedFrom(doc: DocumentRow | null, expectedVersion: number): asserts doc is DocumentRow {
  if (!doc) throw notFound("Document");
  if (doc.currentVersion !== expectedVersion) throw staleEdit(doc.currentVersion, expectedVersion);
}

/**
 * Version `next`, whose original is already stored under `sha256`, becomes the current one: the
 * document goes back to processing, and to the status a new version leaves it in.
 */
async function insertNextVersion(
  tx: Database,
  doc: DocumentRow,
  next: number,
  stored: { actor: Actor; input: NewVersionInput; sha256: string; text: PreparedText; now: Date },
): Promise<void> {
  const { actor, input, sha256, text, now } = stored;
  await insertVersionWithBlob(tx, {
    documentId: doc.id,
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
  await updateDocumentRow(tx, doc.id, {
    currentVersion: next,
    status,
    processingState: "processing",
    processingError: null,
    updatedAt: now,
  });
}

/** The new version's history entry and its document.versionAdded event. */
async function recordVersionAdded(
  ctx: AppContext,
  tx: Database,
  record: RecordActivity,
  added: { actor: Actor; input: NewVersionInput; documentId: string; version: number; now: Date },
): Promise<void> {
  const { actor, input, documentId, version, now } = added;
  await record({
    action: "New version",
    subjectType: "document",
    subjectId: documentId,
    comment: input.changeNote,
    data: { version, filename: input.file.filename },
  });
  await raise(ctx, tx, { type: "document.versionAdded", by: actor, at: now, documentId, version });
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

/** Tags as stored, by the rule the web's tag field shares (contracts/uploads.ts). */
export { normaliseTags };
