import {
  monthsBetween,
  nextReviewDate,
  type PeriodicReviewInput,
  type PeriodicReviewSuggestion,
} from "@quire/contracts";
import { readDocumentMetadata } from "@quire/textkit";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import type { DomainEvent } from "../../events/catalog";
import { raise } from "../../events/subscriber";
import { utcDay } from "../../lib/clock";
import { badRequest, conflict, notFound } from "../../lib/errors";
import type { LoadedDocument } from "../../policies/guard";
import { withTransaction, type NamedActor } from "../activity/command";
import { lockDocument } from "../documents/repository";
import {
  findCategoryInterval,
  findControl,
  followersOfCategory,
  roundVersion,
  setCategoryInterval,
  updateControl,
  versionText,
  type ControlRow,
} from "./repository";

const intervalOf = (row: ControlRow): number | null => row.reviewIntervalMonths ?? row.categoryInterval;

/**
 * In the approving decision's transaction: the round's version becomes the effective one, from
 * today, and its periodic review starts again from that date.
 */
export async function markEffective(
  ctx: AppContext,
  tx: Database,
  event: DomainEvent<"approval.decided">,
): Promise<void> {
  if (event.to !== "Approved") return;
  const version = await roundVersion(tx, event.approvalId);
  const row = await findControl(tx, event.documentId);
  if (version === null || !row) return;
  const effectiveOn = utcDay(event.at);
  const nextReviewOn = nextReviewDate(effectiveOn, null, intervalOf(row));
  await updateControl(tx, event.documentId, {
    effectiveVersion: version,
    effectiveAt: event.at,
    effectiveOn,
    reviewConfirmedAt: null,
    nextReviewOn,
    reviewNoticeLevel: 0,
  });
  const by = event.by;
  await raise(ctx, tx, {
    type: "document.effectiveChanged",
    by,
    at: event.at,
    documentId: event.documentId,
    version,
  });
  await raise(ctx, tx, {
    type: "document.periodicReviewChanged",
    by,
    at: event.at,
    documentId: event.documentId,
    nextReviewOn,
  });
}

/** The owner (or an Admin) confirms the effective date and the interval; the next review follows from them. */
export async function setPeriodicReview(
  ctx: AppContext,
  target: LoadedDocument,
  input: PeriodicReviewInput,
): Promise<void> {
  const actor = target.actor;
  const now = ctx.clock.now();
  await withTransaction(ctx, actor, async (tx, record) => {
    await lockDocument(tx, target.id);
    const row = await findControl(tx, target.id);
    if (!row) throw notFound("Document");
    if (input.effectiveOn !== undefined && row.effectiveVersion === null)
      throw conflict("This document has no approved version yet, so it has no effective date to set");
    if (input.effectiveOn !== undefined && input.effectiveOn > utcDay(now))
      throw badRequest("effectiveOn: the effective date cannot be later than today");
    const effectiveOn = input.effectiveOn ?? row.effectiveOn;
    const interval = input.intervalMonths ?? row.categoryInterval;
    const confirmedOn = row.reviewConfirmedAt ? utcDay(row.reviewConfirmedAt) : null;
    const nextReviewOn =
      row.effectiveVersion === null ? null : nextReviewDate(effectiveOn, confirmedOn, interval);
    await updateControl(tx, target.id, {
      effectiveOn,
      reviewIntervalMonths: input.intervalMonths,
      nextReviewOn,
      ...(nextReviewOn !== row.nextReviewOn ? { reviewNoticeLevel: 0 } : {}),
    });
    await record({
      action: "Set periodic review",
      subjectType: "document",
      documentId: target.id,
      subjectId: target.id,
      data: { effectiveOn, intervalMonths: input.intervalMonths, nextReviewOn },
    });
    await raise(ctx, tx, {
      type: "document.periodicReviewChanged",
      by: actor,
      at: now,
      documentId: target.id,
      nextReviewOn,
    });
  });
}

/**
 * Re-confirm: the owner reviewed the effective version and it stays as it is. A review record on
 * the same version (its activity entry), and the next review counted from today.
 */
export async function reconfirmEffective(
  ctx: AppContext,
  target: LoadedDocument,
  comment: string | undefined,
): Promise<void> {
  const actor = target.actor;
  const now = ctx.clock.now();
  await withTransaction(ctx, actor, async (tx, record) => {
    await lockDocument(tx, target.id);
    const row = await findControl(tx, target.id);
    if (!row) throw notFound("Document");
    if (row.effectiveVersion === null)
      throw conflict("This document has no approved version to re-confirm; submit it for approval first");
    const interval = intervalOf(row);
    if (!interval)
      throw conflict("Set a review interval for this document (or its category) before re-confirming it");
    const nextReviewOn = nextReviewDate(row.effectiveOn ?? utcDay(now), utcDay(now), interval);
    await updateControl(tx, target.id, { reviewConfirmedAt: now, nextReviewOn, reviewNoticeLevel: 0 });
    await record({
      action: "Confirmed periodic review",
      subjectType: "document",
      documentId: target.id,
      subjectId: target.id,
      comment: comment || null,
      data: { version: row.effectiveVersion, previousReviewOn: row.nextReviewOn, nextReviewOn },
    });
    await raise(ctx, tx, {
      type: "document.periodicReviewChanged",
      by: actor,
      at: now,
      documentId: target.id,
      nextReviewOn,
    });
  });
}

/** An Admin sets a category's default interval; its effective documents without their own follow it. */
/** The category's default review interval, as the settings screen shows it. */
export async function getCategoryReviewInterval(ctx: AppContext, categoryId: string) {
  const row = await findCategoryInterval(ctx.db, categoryId);
  if (!row) throw notFound("Category");
  return { months: row.months };
}

export async function setCategoryReviewInterval(
  ctx: AppContext,
  categoryId: string,
  months: number | null,
  actor: NamedActor,
): Promise<void> {
  const now = ctx.clock.now();
  await withTransaction(ctx, actor, async (tx, record) => {
    const category = await setCategoryInterval(tx, categoryId, months);
    if (!category) throw notFound("Category");
    for (const documentId of await followersOfCategory(tx, categoryId)) {
      const row = await findControl(tx, documentId);
      if (!row) continue;
      const confirmedOn = row.reviewConfirmedAt ? utcDay(row.reviewConfirmedAt) : null;
      const nextReviewOn = nextReviewDate(row.effectiveOn, confirmedOn, months);
      if (nextReviewOn === row.nextReviewOn) continue;
      await updateControl(tx, documentId, { nextReviewOn, reviewNoticeLevel: 0 });
      await raise(ctx, tx, {
        type: "document.periodicReviewChanged",
        by: actor,
        at: now,
        documentId,
        nextReviewOn,
      });
    }
    await record({
      action: "Edited category",
      subjectType: "category",
      subjectId: categoryId,
      data: { reviewIntervalMonths: months },
    });
  });
}

/**
 * What the effective version's opening lines say (textkit's metadata heuristic): its effective and
 * review dates, and the interval between them, for the owner to confirm, never applied unasked.
 */
export async function suggestPeriodicReview(
  ctx: AppContext,
  target: LoadedDocument,
): Promise<PeriodicReviewSuggestion> {
  const row = await findControl(ctx.db, target.id);
  if (!row) throw notFound("Document");
  const version = row.effectiveVersion ?? target.facts.currentVersion ?? 1;
  const text = (await versionText(ctx.db, target.id, version)) ?? "";
  const found = readDocumentMetadata(text);
  const effectiveOn = found.effective?.date ? utcDay(found.effective.date) : null;
  const reviewOn = found.reviewDate?.date ? utcDay(found.reviewDate.date) : null;
  const from = effectiveOn ?? row.effectiveOn;
  return {
    effectiveOn,
    reviewOn,
    intervalMonths: from && reviewOn ? monthsBetween(from, reviewOn) : null,
    effectiveText: found.effective?.value ?? null,
    reviewText: found.reviewDate?.value ?? null,
  };
}
