import { autoFiledText, UNFILED_CATEGORY_NAME, type Role } from "@quire/contracts";
import type { AppContext } from "../../context";
import { raise } from "../../events/subscriber";
import { conflict, notFound } from "../../lib/errors";
import { loadCategoryAccess, withGroups } from "../../policies/facts";
import type { LoadedDocument } from "../../policies/guard";
import { authorizeCreateIn } from "../../policies/policy";
import { SYSTEM_ACTOR, withTransaction } from "../activity/command";
import { findCategory } from "../categories/repository";
import type { PipelineTarget } from "../documents/pipeline-step";
import { findDocumentRow, lockDocument, updateDocumentRow } from "../documents/repository";
import { versionTextStart } from "../documents/version-repository";
import { findUser } from "../users/repository";
import { confidentCategory } from "./choose";

/** How much of a text the classifier reads (classifierText keeps as much). */
const CLASSIFIED_CHARS = 20_000;

/**
 * Someone who may change the document (the registry's document.update, checked by the route's
 * guard) confirms the category Quire chose, or files it elsewhere (the same right as uploading
 * there). One entry, theirs; a document nobody needs to confirm answers 409.
 */
export async function confirmFiling(
  ctx: AppContext,
  target: LoadedDocument,
  input: { categoryId?: string | undefined },
): Promise<void> {
  const { actor, id: documentId } = target;
  const moveTo = input.categoryId && input.categoryId !== target.facts.categoryId ? input.categoryId : null;
  if (moveTo) authorizeCreateIn(await withGroups(ctx.db, actor), await loadCategoryAccess(ctx.db, moveTo));
  await withTransaction(ctx, actor, async (tx, record) => {
    const doc = await lockDocument(tx, documentId);
    if (!doc) throw notFound("Document");
    if (!doc.autoFiled) throw conflict("This document's category is already confirmed");
    const categoryId = moveTo ?? doc.categoryId;
    const category = await findCategory(tx, { id: categoryId });
    if (!category) throw notFound("Category");
    const now = ctx.clock.now();
    await updateDocumentRow(tx, documentId, { autoFiled: false, categoryId, updatedAt: now });
    await record({
      action: "Confirmed filing",
      subjectType: "document",
      subjectId: documentId,
      comment: categoryId === doc.categoryId ? `Kept in ${category.name}` : `Moved to ${category.name}`,
      data: { categoryId, category: category.name, fromCategoryId: doc.categoryId },
    });
    if (categoryId !== doc.categoryId) {
      const moved = { documentId, fromCategoryId: doc.categoryId, toCategoryId: categoryId };
      await raise(ctx, tx, { type: "document.moved", by: actor, at: now, ...moved });
    }
    await raise(ctx, tx, { type: "document.detailsChanged", by: actor, at: now, documentId });
  });
  ctx.notifyJobs();
}

/**
 * A document filed without a category whose text came only with processing (a scanned PDF read by
 * OCR) or that went to Unfiled is filed again by the same rule once processing has the text: the
 * confident suggestion among the categories its uploader may add to. Quire's change, with its entry;
 * a document someone confirmed or moved meanwhile is left alone.
 */
export async function refileFromProcessedText(ctx: AppContext, target: PipelineTarget): Promise<void> {
  if (target.version !== 1) return;
  const doc = await findDocumentRow(ctx.db, target.documentId);
  if (!doc?.autoFiled || doc.currentVersion !== target.version) return;
  const current = await findCategory(ctx.db, { id: doc.categoryId });
  const unfiled = current?.name === UNFILED_CATEGORY_NAME;
  if (!unfiled && !target.ocr?.ocrAnchors.length) return;
  const owner = await findUser(ctx.db, { id: doc.ownerId });
  const content = await versionTextStart(ctx.db, doc.id, target.version, CLASSIFIED_CHARS);
  if (!owner || content === null) return;
  // The stored role is one of the contracts' roles (the column is written only through them).
  const uploader = { id: owner.id, role: owner.role as Role };
  const chosen = await confidentCategory(ctx, uploader, { title: doc.title, content });
  if (!chosen || chosen.categoryId === doc.categoryId) return;
  await withTransaction(ctx, SYSTEM_ACTOR, async (tx, record) => {
    const locked = await lockDocument(tx, doc.id);
    if (!locked?.autoFiled || locked.categoryId !== doc.categoryId) return;
    const now = ctx.clock.now();
    await updateDocumentRow(tx, doc.id, { categoryId: chosen.categoryId, updatedAt: now });
    await record({
      action: "Filed automatically",
      subjectType: "document",
      subjectId: doc.id,
      comment: autoFiledText(chosen.name),
      data: { categoryId: chosen.categoryId, category: chosen.name, version: target.version },
    });
    const moved = { documentId: doc.id, fromCategoryId: doc.categoryId, toCategoryId: chosen.categoryId };
    await raise(ctx, tx, { type: "document.moved", by: SYSTEM_ACTOR, at: now, ...moved });
  });
  ctx.notifyJobs();
}
