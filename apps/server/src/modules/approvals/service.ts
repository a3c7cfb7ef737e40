import { roundActivityActions } from "@quire/contracts";
import type {
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
import { listableDocumentsWhere } from "../../policies/documents-where";
import type { LoadedDocument } from "../../policies/guard";
import type { Actor } from "../../policies/policy";
import { lockDocument, setDocumentStatus } from "../documents/repository";
import { raise } from "../../events/subscriber";
import { assertAssigneesCanSee, resolveAssignment } from "./assignment";
import {
  activityActionFor,
  applyIntent,
  readIntent,
  refuseByStanding,
  refuseMissingReason,
  refuseMovedRound,
  refuseStaleRound,
  type Intent,
  type RoundState,
} from "./policy";
import { presentRounds, toRoundState } from "./presenter";
import {
  findLatestRound,
  findReviewers,
  highestRound,
  insertPendingReviewers,
  insertRound,
  latestRoundStats,
  listLatestRounds,
  updateReview,
  updateRound,
  type ApprovalRow,
} from "./repository";

/**
 * Draft → In Review: opens round n+1 with every reviewer Pending, logs the (re)submission and asks
 * the reviewers for their review, all in one transaction.
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
  const assignment = await resolveAssignment(ctx.db, body, facts.ownerId);
  await assertAssigneesCanSee(ctx.db, assignment, facts);
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
        stage: "Awaiting Review",
        submittedBy: actor.id,
        approverId: assignment.approverId,
        approverStatus: "Pending",
        createdAt: now,
        updatedAt: now,
      });
      await insertPendingReviewers(tx, approvalId, assignment.reviewerIds, now);
      await setDocumentStatus(tx, documentId, "In Review", now);
      await record({
        action: roundActivityActions.submitted[round > 1 ? 1 : 0],
        subjectType: "approval",
        subjectId: approvalId,
        documentId,
        approvalId,
        data: { round, version: doc.currentVersion, ...assignment },
      });
      await raise(ctx, tx, {
        type: "approval.submitted",
        by: actor,
        at: now,
        approvalId,
        documentId,
        documentTitle: doc.title,
        version: doc.currentVersion,
        ...assignment,
      });
      return approvalId;
    },
    { at: now },
  );
}

/**
 * A reviewer's review or the approver's final decision, derived from who is acting (never from
 * the client's stage or log). The document row is locked first (as a new version and a submission
 * lock it), then the latest round, so actions on one document run one after the other and each sees
 * the previous one's result. The actor's current role and the owner are checked at each action.
 */
export async function actOnApproval(
  ctx: AppContext,
  target: LoadedDocument,
  body: UpdateApprovalBody,
): Promise<void> {
  const { actor, id: documentId } = target;
  const now = ctx.clock.now();
  await withTransaction(
    ctx,
    actor,
    async (tx, record) => {
      const doc = await lockDocument(tx, documentId);
      if (!doc) throw notFound("Document");
      const approval = await findLatestRound(tx, documentId, true);
      if (!approval) throw notFound("Approval");
      const reviewers = await findReviewers(tx, [approval.id]);
      const before = toRoundState({ approval, reviewers });
      const intent = readIntent(actor.id, before, body);
      const refusal =
        refuseByStanding(actor, intent.kind, doc.ownerId) ??
        (doc.archivedAt
          ? conflict("The document is archived; restore it before acting on its review")
          : null) ??
        refuseMovedRound(body.round, approval) ??
        refuseStaleRound(approval.version, doc.currentVersion);
      if (refusal) throw refusal;
      const after = applyIntent(actor.id, before, intent);
      const noReason = refuseMissingReason(intent);
      if (noReason) throw noReason;
      await writeTransition(tx, actor, approval, intent, after, now);
      await record({
        action: activityActionFor(intent),
        subjectType: "approval",
        subjectId: approval.id,
        documentId: approval.documentId,
        approvalId: approval.id,
        comment: intent.comment,
      });
      await raise(ctx, tx, {
        type: "approval.decided",
        by: actor,
        at: now,
        approvalId: approval.id,
        documentId,
        documentTitle: doc.title,
        ownerId: doc.ownerId,
        approverId: after.approverId,
        kind: intent.kind,
        from: before.stage,
        to: after.stage,
        comment: intent.comment ?? null,
      });
    },
    { at: now },
  );
}

async function writeTransition(
  tx: Database,
  actor: Actor,
  approval: ApprovalRow,
  intent: Intent,
  after: RoundState,
  now: Date,
): Promise<void> {
  if (intent.kind === "review") {
    await updateReview(
      tx,
      { approvalId: approval.id, reviewerId: actor.id },
      { status: intent.status, comment: intent.comment, updatedAt: now },
    );
  }
  await updateRound(tx, approval.id, {
    stage: after.stage,
    approverStatus: after.approverStatus,
    ...(intent.kind === "decide" ? { approverComment: intent.comment } : {}),
    updatedAt: now,
  });
  await setDocumentStatus(tx, approval.documentId, statusForStage(after.stage), now);
}

/** The latest round of a visible document, with the actor's abilities. */
export async function getApproval(ctx: AppContext, target: LoadedDocument): Promise<Approval> {
  const approval = await findLatestRound(ctx.db, target.id);
  if (!approval) throw notFound("Approval");
  const [presented] = await presentRounds(ctx.db, target.actor, [approval]);
  if (!presented) throw notFound("Approval");
  return presented;
}

/** Latest round of every document the actor may see (the same filter as document lists). */
export async function listApprovals(ctx: AppContext, actor: Actor): Promise<ApprovalListItem[]> {
  const rows = await listLatestRounds(ctx.db, listableDocumentsWhere(actor));
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
