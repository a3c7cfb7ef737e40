import { roundActivityActions } from "@quire/contracts";
import type {
  SnapshotStage,
  Approval,
  ApprovalListItem,
  ApprovalStats,
  SubmitReviewBody,
  UpdateApprovalBody,
} from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { withTransaction } from "../activity/command";
import { canSubmitForReview, statusForStage, submissionRefusal } from "@quire/contracts";
import { conflict, notFound } from "../../lib/errors";
import { readableVersion, seesWorkingVersion } from "../../policies/access";
import { listableDocumentsWhere } from "../../policies/documents-where";
import type { LoadedDocument } from "../../policies/guard";
import type { Actor } from "../../policies/policy";
import { lockDocument, setDocumentStatus } from "../documents/repository";
import { raise } from "../../events/subscriber";
import { approverOf, resolveSeats } from "./stage-assignment";
import { applyStagedDecision, approvalOutcome, isOpenStage, labelForStep, type StagedRound } from "./stages";
import { snapshotTemplate, templateFor, usesDefaultTemplate } from "./templates";
import { groupIdsOf } from "../../policies/facts";
import { confirmSigner } from "./signing";
import { dueOnFor, handOutSeats } from "./delegation";
import {
  activityActionFor,
  readStagedIntent,
  refuseMissingReason,
  refuseMovedRound,
  refuseStagedDecision,
  refuseStagedStanding,
  refuseStaleRound,
  type Intent,
} from "./policy";
import { presentRounds, toStagedRound } from "./presenter";
import {
  findLatestRound,
  findLatestRoundUpTo,
  findReviewers,
  highestRound,
  insertSeats,
  insertRound,
  latestRoundStats,
  listLatestRounds,
  updateReview,
  updateRound,
  type ApprovalRow,
} from "./repository";

/**
 * Draft → In Review: opens round n+1 under a copy of the category's template, seats the chosen
 * people at each stage, opens the first stage (its due date, out-of-office delegates), logs the
 * (re)submission and asks the first stage's people for their review, all in one transaction.
 */
export async function submitForReview(
  ctx: AppContext,
  target: LoadedDocument,
  body: SubmitReviewBody,
): Promise<string> {
  const { actor, id: documentId, facts } = target;
  // The state first (checked again under the lock below): an assignment to a document that cannot
  // be submitted is not worth checking.
  if (!canSubmitForReview(facts.status))
    throw conflict(`Only a Draft can be submitted for review: ${submissionRefusal(facts.status)}`);
  const categoryId = facts.categoryId;
  const stages = await snapshotTemplate(ctx.db, await templateFor(ctx.db, categoryId));
  const useDefault = await usesDefaultTemplate(ctx.db, categoryId);
  const seats = await resolveSeats(ctx.db, stages, body, facts, useDefault);
  const approverId = approverOf(seats, stages.length);
  const now = ctx.clock.now();
  return withTransaction(
    ctx,
    actor,
    async (tx, record) => {
      const doc = await lockDocument(tx, documentId);
      if (!doc) throw notFound("Document");
      if (!canSubmitForReview(doc.status))
        throw conflict(`Only a Draft can be submitted for review: ${submissionRefusal(doc.status)}`);
      const round = (await highestRound(tx, documentId)) + 1;
      const approvalId = await insertRound(tx, {
        documentId,
        round,
        version: doc.currentVersion,
        stage: labelForStep({ stages }, 0),
        submittedBy: actor.id,
        approverId,
        approverStatus: "Pending",
        template: stages,
        step: 0,
        dueOn: dueOnFor(stages[0]!, now),
        createdAt: now,
        updatedAt: now,
      });
      await insertSeats(tx, approvalId, seats, now);
      await setDocumentStatus(tx, documentId, "In Review", now);
      const reviewerIds = seats.filter((s) => s.stage < stages.length - 1).map((s) => s.userId);
      await record({
        action: roundActivityActions.submitted[round > 1 ? 1 : 0],
        subjectType: "approval",
        subjectId: approvalId,
        documentId,
        approvalId,
        data: { round, version: doc.currentVersion, reviewerIds, approverId, stages: stages.length },
      });
      const asked = await handOutSeats(
        tx,
        { id: approvalId, documentId, ownerId: doc.ownerId },
        stages[0]!,
        0,
        now,
        actor.id,
      );
      await raise(ctx, tx, {
        type: "approval.submitted",
        by: actor,
        at: now,
        approvalId,
        documentId,
        documentTitle: doc.title,
        version: doc.currentVersion,
        reviewerIds: asked,
        approverId,
      });
      return approvalId;
    },
    { at: now },
  );
}

/**
 * A person's decision at the round's open stage, derived from their seat (never from the client's
 * stage or log). The document row is locked first (as a new version and a submission lock it),
 * then the latest round, so actions on one document run one after the other and each sees the
 * previous one's result. The actor's current role, groups and ownership are checked at each action.
 */
export async function actOnApproval(
  ctx: AppContext,
  target: LoadedDocument,
  body: UpdateApprovalBody,
): Promise<void> {
  const { actor, id: documentId } = target;
  // Before the transaction: a password check is slow on purpose, and must not hold the document's lock.
  const confirmedWith = await confirmSigner(ctx, actor, target.facts.categoryId, body.password);
  const now = ctx.clock.now();
  await withTransaction(
    ctx,
    actor,
    async (tx, record) => {
      const doc = await lockDocument(tx, documentId);
      if (!doc) throw notFound("Document");
      const approval = await findLatestRound(tx, documentId, true);
      if (!approval) throw notFound("Approval");
      const rows = await findReviewers(tx, [approval.id]);
      const before = toStagedRound({ approval, reviewers: rows });
      const intent = readStagedIntent(actor.id, before, body);
      const groupIds = (await groupIdsOf(tx, [actor.id])).get(actor.id) ?? [];
      const refusal =
        refuseStagedStanding({ ...actor, groupIds }, before, doc.ownerId) ??
        (doc.archivedAt
          ? conflict("The document is archived; restore it before acting on its review")
          : null) ??
        refuseMovedRound(body.round, approval) ??
        refuseStaleRound(approval.version, doc.currentVersion) ??
        refuseStagedDecision(actor.id, before) ??
        refuseMissingReason(intent);
      if (refusal) throw refusal;
      const after = applyStagedDecision(before, actor.id, intent.status);
      const nextIds = await writeTransition(tx, {
        approval,
        ownerId: doc.ownerId,
        actor,
        intent,
        before,
        after,
        now,
      });
      const seat = rows.find((r) => r.reviewerId === actor.id);
      await record({
        action: activityActionFor(intent),
        subjectType: "approval",
        subjectId: approval.id,
        documentId: approval.documentId,
        approvalId: approval.id,
        comment: intent.comment,
        data: { stage: before.step, ...(seat?.onBehalfOf ? { onBehalfOf: seat.onBehalfOf } : {}) },
      });
      await raise(ctx, tx, {
        type: "approval.decided",
        by: actor,
        at: now,
        approvalId: approval.id,
        documentId,
        documentTitle: doc.title,
        ownerId: doc.ownerId,
        approverId: approval.approverId,
        kind: intent.kind,
        decision: intent.status,
        step: before.step,
        reauthenticated: confirmedWith !== null,
        ...(confirmedWith ? { reauthenticatedVia: confirmedWith } : {}),
        from: before.stage,
        to: after.stage,
        comment: intent.comment ?? null,
        nextIds,
      });
    },
    { at: now },
  );
}

interface Transition {
  approval: ApprovalRow;
  ownerId: string;
  actor: Actor;
  intent: Intent;
  before: StagedRound;
  after: StagedRound;
  now: Date;
}

/** Writes the seats and the round a decision changed; returns who the next stage asks, if one opened. */
async function writeTransition(tx: Database, t: Transition): Promise<string[]> {
  const { approval, actor, intent, before, after, now } = t;
  for (const seat of after.seats) {
    const was = before.seats.find((s) => s.userId === seat.userId);
    if (was?.status === seat.status) continue;
    const own = seat.userId === actor.id;
    await updateReview(
      tx,
      { approvalId: approval.id, reviewerId: seat.userId },
      { status: seat.status, ...(own ? { comment: intent.comment } : {}), updatedAt: now },
    );
  }
  const opened = after.step !== before.step && isOpenStage(after.stage);
  const nextStage = after.stages[after.step] as SnapshotStage;
  await updateRound(tx, approval.id, {
    stage: after.stage,
    step: after.step,
    approverStatus: approvalOutcome(after),
    ...(intent.kind === "decide" ? { approverComment: intent.comment } : {}),
    ...(opened ? { dueOn: dueOnFor(nextStage, now), noticeLevel: 0 } : {}),
    ...(isOpenStage(after.stage) ? {} : { dueOn: null }),
    updatedAt: now,
  });
  await setDocumentStatus(tx, approval.documentId, statusForStage(after.stage), now);
  if (!opened) return [];
  const round = { id: approval.id, documentId: approval.documentId, ownerId: t.ownerId };
  return handOutSeats(tx, round, nextStage, after.step, now, actor.id);
}

/**
 * The latest round of a visible document, with the actor's abilities. A reader who reads only the
 * effective version (a revision is in draft or review that is not theirs to see) gets the round
 * that approved it: the revision's round names its version, reviewers and their comments.
 */
export async function getApproval(ctx: AppContext, target: LoadedDocument): Promise<Approval> {
  const approval = seesWorkingVersion(target.actor, target.facts)
    ? await findLatestRound(ctx.db, target.id)
    : await findLatestRoundUpTo(ctx.db, target.id, readableVersion(target.actor, target.facts));
  if (!approval) throw notFound("Approval");
  const [presented] = await presentRounds(ctx.db, target.actor, [approval]);
  if (!presented) throw notFound("Approval");
  return presented;
}

/** Latest round of every document the actor may see (the same filter as document lists). */
export async function listApprovals(ctx: AppContext, actor: Actor): Promise<ApprovalListItem[]> {
  const rows = await listLatestRounds(ctx.db, listableDocumentsWhere(actor), actor);
  const presented = await presentRounds(
    ctx.db,
    actor,
    rows.map((r) => r.approval),
  );
  // presentRounds keeps the order and length of its input, so index i is the same round.
  return rows.flatMap((row, i) => {
    const approval = presented[i];
    if (!approval) return [];
    const { documentTitle, documentStatus, owner, ownerId } = row;
    return [{ ...approval, documentTitle, documentStatus, owner, ownerId }];
  });
}

export async function approvalStats(ctx: AppContext, actor: Actor): Promise<ApprovalStats> {
  return latestRoundStats(ctx.db, listableDocumentsWhere(actor), actor);
}
