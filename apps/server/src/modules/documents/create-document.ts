import { autoFiledText, normaliseTags, type IngestionSource } from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { raise } from "../../events/subscriber";
import type { SupportedKind } from "../../ingest";
import { loadCategoryAccess, withGroups } from "../../policies/facts";
import { authorizeCreateIn, type Actor } from "../../policies/policy";
import {
  SYSTEM_ACTOR_NAME,
  withTransaction,
  type CommandActor,
  type RecordActivity,
} from "../activity/command";
import { appendActivity } from "../activity/repository";
import { insertDocument } from "./repository";
import {
  insertVersionWithBlob,
  keepStored,
  prepareText,
  queueVersionWork,
  type PreparedText,
} from "./store-version";
import type { ValidatedFile } from "./upload";

/** A new document: its row, its first version and the job that makes it readable, and its history. */

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
export async function assertCanAddTo(db: Database, actor: Actor, categoryId: string): Promise<void> {
  authorizeCreateIn(await withGroups(db, actor), await loadCategoryAccess(db, categoryId));
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
      const documentId = await insertWithFirstVersion(tx, actor, input, { sha256, text, now });
      await queueVersionWork(tx, { documentId, version: 1 }, input.file, input.convertLater, now);
      await recordCreated(ctx, tx, record, { actor, input, documentId, sha256, now });
      return documentId;
    },
    { db, at: now },
  );
  if (db === ctx.db) await keepStored(ctx, sha256, input.file.bytes);
  ctx.notifyJobs();
  return id;
}

/** The document row and its version 1, whose original is already stored under `sha256`; answers its id. */
async function insertWithFirstVersion(
  tx: Database,
  actor: Actor,
  input: NewDocumentInput,
  stored: { sha256: string; text: PreparedText; now: Date },
): Promise<string> {
  const { sha256, text, now } = stored;
  const documentId = await insertDocument(tx, {
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
  await insertVersionWithBlob(tx, {
    documentId,
    version: 1,
    changeNote: null,
    authorId: actor.id,
    sha256,
    file: input.file,
    text,
    now,
  });
  return documentId;
}

/** The document.created event, the upload's history entry and, when Quire chose the category, its own. */
async function recordCreated(
  ctx: AppContext,
  tx: Database,
  record: RecordActivity,
  created: { actor: Actor; input: NewDocumentInput; documentId: string; sha256: string; now: Date },
): Promise<void> {
  const { actor, input, documentId, sha256, now } = created;
  await raise(ctx, tx, {
    type: "document.created",
    // A bulk import or the watched folder is Quire's doing, for the owner it files for.
    by: input.recordAs?.system
      ? { id: null, username: SYSTEM_ACTOR_NAME }
      : { id: actor.id, username: actor.username },
    at: now,
    documentId,
    filename: input.file.filename,
    sha256,
    source: input.source ?? null,
  });
  await record({
    action: "Uploaded",
    subjectType: "document",
    subjectId: documentId,
    data: {
      title: input.title,
      filename: input.file.filename,
      version: 1,
      ...(input.recordAs ? { owner: actor.username } : {}),
    },
  });
  if (input.autoFiled) await recordAutoFiled(tx, documentId, input.categoryId, input.autoFiled, now);
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
