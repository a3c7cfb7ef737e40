import type { AppContext } from "../../context";
import type { Actor } from "../../policies/policy";
import { SYSTEM_ACTOR, withTransaction, type RecordActivity } from "../activity/command";
import { createDocument } from "../documents/create-document";
import type { ValidatedFile } from "../documents/upload";
import { destinationFor } from "./folder-files";
import { categoryNameFor, categoryResolver, resolveOwner } from "./intake";
import {
  documentWithOriginal,
  lockContents,
  lockItem,
  updateItem,
  type IngestionItemRow,
} from "./repository";

/**
 * What ingestion decides about a claimed file, each a command of the system actor with its
 * activity entry: the item's outcome and where its file goes are committed together (with the
 * document, when one is made), and only then is the file moved.
 */

function folderRoot(ctx: AppContext): string {
  if (!ctx.config.consume) throw new Error("CONSUME_DIR is not set in this process");
  return ctx.config.consume.dir;
}

function recordOutcome(
  record: RecordActivity,
  item: IngestionItemRow,
  action: "Ingestion failed" | "Ingestion deferred" | "Skipped duplicate",
  reason: string | null,
) {
  return record({
    action,
    subjectType: "ingestion",
    subjectId: item.id,
    comment: reason,
    data: { name: item.name, source: item.source },
  });
}

/** The file cannot become a document: failed, with the reason, and (unless it is gone) to failed/. */
export async function markFailed(
  ctx: AppContext,
  item: IngestionItemRow,
  reason: string,
  options: { moved?: boolean } = {},
): Promise<void> {
  const moved = options.moved ?? true;
  const from = item.location ?? item.path ?? item.name;
  const destination = moved ? await destinationFor(folderRoot(ctx), from, "failed", item.id) : null;
  await withTransaction(ctx, SYSTEM_ACTOR, async (tx, record) => {
    const current = await lockItem(tx, item.id);
    if (current?.state !== "queued") return;
    const now = ctx.clock.now();
    await updateItem(
      tx,
      item.id,
      { state: "failed", reason, destination, ...(moved ? {} : { location: null }) },
      now,
    );
    await recordOutcome(record, item, "Ingestion failed", reason);
  });
}

/** The file changed after it was claimed: this claim ends, and the next scan claims it as it now is. */
export async function markChanged(ctx: AppContext, item: IngestionItemRow): Promise<void> {
  const reason = "The file changed after it was taken: the next scan takes it as it is now";
  await withTransaction(ctx, SYSTEM_ACTOR, async (tx, record) => {
    const current = await lockItem(tx, item.id);
    if (current?.state !== "queued") return;
    await updateItem(tx, item.id, { state: "changed", reason, destination: null }, ctx.clock.now());
    await recordOutcome(record, item, "Ingestion deferred", reason);
  });
}

/** Where the item's documents go: the configured owner and the sub-folder's category. */
async function ownerAndCategory(
  ctx: AppContext,
  item: IngestionItemRow,
): Promise<{ owner: Actor; categoryId: string } | { refused: string }> {
  try {
    const owner = await resolveOwner(ctx, ctx.config.consume?.owner);
    const name = categoryNameFor(item.path ?? item.name);
    const categoryId = await categoryResolver(ctx, [], "Created by the watched folder")(name);
    return { owner, categoryId };
  } catch (error) {
    const issues = (error as { issues?: Array<{ message: string }> }).issues;
    if (Array.isArray(issues))
      return {
        refused: `The folder's name cannot name a category: ${issues.map((i) => i.message).join("; ")}`,
      };
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The file becomes a document, or is found to be one already (the same bytes are some version's
 * original): both go to processed/, a duplicate with a note naming the document it repeats.
 * Identical bytes are taken one at a time across processes, so two copies dropped at once are one
 * document and one duplicate.
 */
export async function fileToDocument(
  ctx: AppContext,
  item: IngestionItemRow,
  input: { file: ValidatedFile; title: string },
): Promise<void> {
  const target = await ownerAndCategory(ctx, item);
  if ("refused" in target) return markFailed(ctx, item, target.refused);
  const root = folderRoot(ctx);
  const from = item.location ?? item.path ?? item.name;
  const destination = await destinationFor(root, from, "processed", item.id);
  const sha256 = item.sha256 ?? "";
  const created = await withTransaction(ctx, SYSTEM_ACTOR, async (tx, record) => {
    const current = await lockItem(tx, item.id);
    if (current?.state !== "queued") return false;
    await lockContents(tx, sha256);
    const now = ctx.clock.now();
    const existing = await documentWithOriginal(tx, sha256);
    if (existing) {
      const reason = `Already in the archive as "${existing.title}" (${existing.id})`;
      await updateItem(
        tx,
        item.id,
        { state: "duplicate", reason, documentId: existing.id, destination },
        now,
      );
      await recordOutcome(record, item, "Skipped duplicate", reason);
      return false;
    }
    const documentId = await createDocument(
      ctx,
      target.owner,
      {
        title: input.title,
        categoryId: target.categoryId,
        file: input.file,
        recordAs: SYSTEM_ACTOR,
        source: "folder",
      },
      tx,
    );
    await updateItem(tx, item.id, { state: "done", reason: null, documentId, destination }, now);
    return true;
  });
  if (!created) return;
  // Stored before the transaction; the orphan sweep may only have taken it if that ran very long.
  if (!(await ctx.blobs.has(sha256))) await ctx.blobs.put(input.file.bytes);
  ctx.notifyJobs();
}

/** The file is where its outcome sends it (bookkeeping: the outcome's entry is already written). */
export async function recordMoved(ctx: AppContext, itemId: string, location: string): Promise<void> {
  await updateItem(ctx.db, itemId, { location, destination: location }, ctx.clock.now());
}
