import {
  roundReasonSchema,
  type Approval,
  type ApprovalStage,
  type ApproverStatus,
  type ReviewerStatus,
  type RoundReason,
  type RoundStage,
  type SnapshotStage,
} from "@quire/contracts";
import type { Database } from "../../db/client";
import { ownersOfDocuments } from "../documents/repository";
import { groupIdsOf } from "../../policies/facts";
import {
  refuseStagedStanding,
  reviewProgress,
  roundStatus,
  stagedAbilities,
  type GroupStanding,
  type RoundState,
  type Standing,
} from "./policy";
import { isOpenStage, stageTally, type StagedRound } from "./stages";
import { OVERDUE_NOTICE } from "./deadline-levels";
import { readSnapshot } from "./templates";
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

/** The seed's view of a round: the review stages' people, and the approval stage's outcome. */
export function toRoundState({ approval, reviewers }: RoundRows): RoundState {
  const last = readSnapshot(approval.template).length - 1;
  return {
    stage: approval.stage as ApprovalStage,
    approverId: approval.approverId,
    approverStatus: approval.approverStatus as ApproverStatus,
    reviewers: reviewers
      .filter((r) => r.stageIndex < last)
      .map((r) => ({ id: r.reviewerId, status: r.status as ReviewerStatus })),
  };
}

/** The policy's view of a round under its own copy of the template. */
export function toStagedRound({ approval, reviewers }: RoundRows): StagedRound {
  return {
    stage: approval.stage as ApprovalStage,
    step: approval.step,
    stages: readSnapshot(approval.template),
    seats: reviewers.map((r) => ({
      userId: r.reviewerId,
      stage: r.stageIndex,
      groupId: r.groupId,
      // Statuses are only ever written from the contracts' lists.
      status: r.status as ReviewerStatus,
    })),
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
  const groups = (await groupIdsOf(db, [actor.id])).get(actor.id) ?? [];
  const names = await usernamesOf(db, [
    ...rounds.flatMap((r) => [r.approverId, r.submittedBy]),
    ...reviewers.flatMap((r) => (r.onBehalfOf ? [r.reviewerId, r.onBehalfOf] : [r.reviewerId])),
    ...log.flatMap((a) => (a.userId ? [a.userId] : [])),
  ]);
  return rounds.map((approval) =>
    presentRound(
      { ...actor, groupIds: groups, ownerId: owners.get(approval.documentId) ?? "" },
      { approval, reviewers: reviewers.filter((r) => r.approvalId === approval.id) },
      log.filter((a) => a.approvalId === approval.id),
      names,
    ),
  );
}

async function ownersOf(db: Database, rounds: readonly ApprovalRow[]): Promise<Map<string, string>> {
  return ownersOfDocuments(db, [...new Set(rounds.map((r) => r.documentId))]);
}

/** What the actor may do now: the round's rules, their current role and groups, not owning the document. */
function abilitiesOf(actor: GroupStanding & { ownerId: string }, round: StagedRound) {
  const rules = stagedAbilities(actor.id, round);
  if (refuseStagedStanding(actor, round, actor.ownerId)) return { review: false, decide: false, choices: [] };
  return rules;
}

function stageState(round: StagedRound, index: number): RoundStage["state"] {
  if (index < round.step) return "Passed";
  if (index > round.step) return isOpenStage(round.stage) ? "Waiting" : "Closed";
  if (isOpenStage(round.stage)) return "Open";
  if (round.stage === "Approved") return "Passed";
  return round.stage === "Withdrawn" ? "Closed" : "Failed";
}

function presentStages(rows: RoundRows, round: StagedRound, name: (id: string) => string): RoundStage[] {
  const stages = round.stages as readonly SnapshotStage[];
  return stages.map((stage, index) => {
    const tally = stageTally(round, index);
    const open = index === round.step && isOpenStage(round.stage);
    return {
      ...stage,
      index,
      state: stageState(round, index),
      needed: tally.needed,
      approvals: tally.approved,
      dueOn: open ? rows.approval.dueOn : null,
      // The deadline job's stored notice level, so the page and the escalation never disagree.
      overdue: open && rows.approval.noticeLevel >= OVERDUE_NOTICE,
      assignees: rows.reviewers
        .filter((r) => r.stageIndex === index)
        .map((r) => ({
          userId: r.reviewerId,
          username: name(r.reviewerId),
          onBehalfOfId: r.onBehalfOf,
          onBehalfOf: r.onBehalfOf ? name(r.onBehalfOf) : null,
          groupId: r.groupId,
          groupName: stage.groups.find((g) => g.id === r.groupId)?.name ?? null,
          status: r.status as ReviewerStatus,
          comment: r.comment,
        })),
    };
  });
}

/** A round entry's reason as facts, when it kept them (entries written before did not). */
function reasonOf(data: Record<string, unknown> | null): { reason?: RoundReason } {
  const parsed = roundReasonSchema.safeParse(data?.reason);
  return parsed.success ? { reason: parsed.data } : {};
}

function presentRound(
  actor: GroupStanding & { ownerId: string },
  rows: RoundRows,
  log: readonly ActivityRow[],
  names: ReadonlyMap<string, string>,
): Approval {
  const { approval } = rows;
  const state = toRoundState(rows);
  const staged = toStagedRound(rows);
  const name = (id: string) => names.get(id) ?? "unknown";
  const { choices, ...abilities } = abilitiesOf(actor, staged);
  const last = staged.stages.length - 1;
  return {
    id: approval.id,
    documentId: approval.documentId,
    round: approval.round,
    version: approval.version,
    stage: state.stage,
    reviewers: rows.reviewers
      .filter((r) => r.stageIndex < last)
      .map((r) => ({
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
      ...reasonOf(a.data),
    })),
    createdAt: approval.createdAt.toISOString(),
    updatedAt: approval.updatedAt.toISOString(),
    abilities,
    status: roundStatus(state),
    progress: reviewProgress(state.reviewers),
    stages: presentStages(rows, staged, name),
    step: isOpenStage(staged.stage) ? staged.step : null,
    choices,
  };
}
