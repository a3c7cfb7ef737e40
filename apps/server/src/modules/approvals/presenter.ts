import type { Approval, ApprovalStage, ApproverStatus, ReviewerStatus } from "@quire/contracts";
import type { Database } from "../../db/client";
import { approvalAbilities, type RoundState } from "./policy";
import {
  findActivity,
  findReviewers,
  usernamesOf,
  type ActivityRow,
  type ApprovalRow,
  type ReviewerRow,
} from "./repository";

/** The rows one round is made of. */
export interface RoundRows {
  approval: ApprovalRow;
  reviewers: ReviewerRow[];
}

/** The policy's view of a round (statuses are only ever written from the contracts' lists). */
export function toRoundState({ approval, reviewers }: RoundRows): RoundState {
  return {
    stage: approval.stage as ApprovalStage,
    approverId: approval.approverId,
    approverStatus: approval.approverStatus as ApproverStatus,
    reviewers: reviewers.map((r) => ({ id: r.reviewerId, status: r.status as ReviewerStatus })),
  };
}

/** Seed §3 Approval for many rounds at once: three queries whatever the number of rounds. */
export async function presentRounds(
  db: Database,
  actorId: string,
  rounds: readonly ApprovalRow[],
): Promise<Approval[]> {
  const ids = rounds.map((r) => r.id);
  const [reviewers, log] = await Promise.all([findReviewers(db, ids), findActivity(db, ids)]);
  const names = await usernamesOf(db, [
    ...rounds.flatMap((r) => [r.approverId, r.submittedBy]),
    ...reviewers.map((r) => r.reviewerId),
    ...log.map((a) => a.userId),
  ]);
  return rounds.map((approval) =>
    presentRound(
      actorId,
      { approval, reviewers: reviewers.filter((r) => r.approvalId === approval.id) },
      log.filter((a) => a.approvalId === approval.id),
      names,
    ),
  );
}

function presentRound(
  actorId: string,
  rows: RoundRows,
  log: readonly ActivityRow[],
  names: ReadonlyMap<string, string>,
): Approval {
  const { approval } = rows;
  const state = toRoundState(rows);
  const name = (id: string) => names.get(id) ?? "unknown";
  return {
    id: approval.id,
    documentId: approval.documentId,
    round: approval.round,
    version: approval.version,
    stage: state.stage,
    reviewers: rows.reviewers.map((r) => ({
      id: r.reviewerId,
      username: name(r.reviewerId),
      status: r.status as ReviewerStatus,
      comment: r.comment,
    })),
    approverId: approval.approverId,
    approver: name(approval.approverId),
    approverStatus: state.approverStatus,
    approverComment: approval.approverComment,
    submittedBy: approval.submittedBy,
    activityLog: log.map((a) => ({
      action: a.action,
      userId: a.userId,
      username: name(a.userId),
      timestamp: a.createdAt.toISOString(),
      comment: a.comment,
    })),
    createdAt: approval.createdAt.toISOString(),
    updatedAt: approval.updatedAt.toISOString(),
    abilities: approvalAbilities(actorId, state),
  };
}
