import type { Approval, ApprovalStage, ApproverStatus, ReviewerStatus } from "@quire/contracts";
import type { Database } from "../../db/client";
import { ownersOfDocuments } from "../documents/repository";
import {
  approvalAbilities,
  refuseByStanding,
  reviewProgress,
  roundStatus,
  type RoundState,
  type Standing,
} from "./policy";
import {
  findActivity,
  findReviewers,
  usernamesOf,
  type ActivityRow,
  type ApprovalRow,
  type ReviewerRow,
} from "./repository";
import { readAll } from "../../db/read-all";

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
  actor: Standing,
  rounds: readonly ApprovalRow[],
): Promise<Approval[]> {
  const ids = rounds.map((r) => r.id);
  const [reviewers, log, owners] = await readAll(db, [
    () => findReviewers(db, ids),
    () => findActivity(db, ids),
    () => ownersOf(db, rounds),
  ]);
  const names = await usernamesOf(db, [
    ...rounds.flatMap((r) => [r.approverId, r.submittedBy]),
    ...reviewers.map((r) => r.reviewerId),
    ...log.flatMap((a) => (a.userId ? [a.userId] : [])),
  ]);
  return rounds.map((approval) =>
    presentRound(
      { ...actor, ownerId: owners.get(approval.documentId) ?? "" },
      { approval, reviewers: reviewers.filter((r) => r.approvalId === approval.id) },
      log.filter((a) => a.approvalId === approval.id),
      names,
    ),
  );
}

async function ownersOf(db: Database, rounds: readonly ApprovalRow[]): Promise<Map<string, string>> {
  return ownersOfDocuments(db, [...new Set(rounds.map((r) => r.documentId))]);
}

/** What the actor may do now: the round's rules, their current role and not owning the document. */
function abilitiesOf(actor: Standing & { ownerId: string }, state: RoundState) {
  const rules = approvalAbilities(actor.id, state);
  return {
    review: rules.review && refuseByStanding(actor, "review", actor.ownerId) === null,
    decide: rules.decide && refuseByStanding(actor, "decide", actor.ownerId) === null,
  };
}

function presentRound(
  actor: Standing & { ownerId: string },
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
    submittedByUsername: name(approval.submittedBy),
    // A round's entries are always made by a signed-in user; only public actions have none.
    activityLog: log.map((a) => ({
      action: a.action,
      userId: a.userId ?? "",
      username: a.userId ? name(a.userId) : "",
      timestamp: a.createdAt.toISOString(),
      comment: a.comment,
    })),
    createdAt: approval.createdAt.toISOString(),
    updatedAt: approval.updatedAt.toISOString(),
    abilities: abilitiesOf(actor, state),
    status: roundStatus(state),
    progress: reviewProgress(state.reviewers),
  };
}
