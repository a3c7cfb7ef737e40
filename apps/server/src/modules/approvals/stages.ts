import { quorumNeeded, type ApprovalStage, type ReviewerStatus, type SnapshotStage } from "@quire/contracts";

/**
 * A round under its template, as pure data: the stages it copied from its category's template,
 * every assignee's seat (their stage, their group if they sit for one, their status), the open
 * stage's index and the round's stage label. policy.ts asks these functions what a decision means;
 * its two-stage functions are this model under the default template.
 */

export type StageRule = Pick<
  SnapshotStage,
  "name" | "roles" | "groupIds" | "quorum" | "onChanges" | "onReject" | "sendBack"
>;

export interface Seat {
  userId: string;
  stage: number;
  /** A group's members share one place: the first of them to act settles it. */
  groupId: string | null;
  status: ReviewerStatus;
}

export interface StagedRound {
  stage: ApprovalStage;
  step: number;
  stages: readonly StageRule[];
  seats: readonly Seat[];
}

export type StageOutcome = "waiting" | "passed" | "changes" | "rejected";

export const OPEN_STAGES: readonly ApprovalStage[] = ["Awaiting Review", "Awaiting Approval"];
export const isOpenStage = (stage: ApprovalStage): boolean => OPEN_STAGES.includes(stage);

export const isApprovalStep = (round: Pick<StagedRound, "stages">, index: number): boolean =>
  index === round.stages.length - 1;

/** The round's label while stage `index` is open. */
export const labelForStep = (round: Pick<StagedRound, "stages">, index: number): ApprovalStage =>
  isApprovalStep(round, index) ? "Awaiting Approval" : "Awaiting Review";

const actedStatus = (status: ReviewerStatus): boolean => status !== "Pending" && status !== "Not Needed";

const unitOf = (seat: Seat): string => (seat.groupId ? `group:${seat.groupId}` : `user:${seat.userId}`);

/** Where a stage stands: its places (a group counts once), and how many approved, wait, or said no. */
export function stageTally(round: Pick<StagedRound, "stages" | "seats">, index: number) {
  const units = new Map<string, ReviewerStatus>();
  for (const seat of round.seats) {
    if (seat.stage !== index) continue;
    const unit = unitOf(seat);
    const known = units.get(unit);
    // A group's place takes the status of the member who acted; untouched members leave it Pending.
    if (known === undefined || (!actedStatus(known) && actedStatus(seat.status)))
      units.set(unit, seat.status);
  }
  const statuses = [...units.values()];
  const rule = round.stages[index];
  return {
    units: units.size,
    needed: rule ? quorumNeeded(rule.quorum, units.size) : 0,
    approved: statuses.filter((s) => s === "Approved").length,
    pending: statuses.filter((s) => s === "Pending").length,
    rejected: statuses.includes("Rejected"),
    changes: statuses.includes("Changes Requested"),
  };
}

/** What a person at stage `index` may choose: approval stages reject, and send back if allowed. */
export function stageChoices(round: Pick<StagedRound, "stages">, index: number): ReviewerStatus[] {
  if (!isApprovalStep(round, index)) return ["Approved", "Changes Requested"];
  return round.stages[index]?.sendBack
    ? ["Approved", "Rejected", "Changes Requested"]
    : ["Approved", "Rejected"];
}

/** The seat this person acts from, if any. */
export const seatOf = (round: Pick<StagedRound, "seats">, userId: string): Seat | undefined =>
  round.seats.find((s) => s.userId === userId);

/** Whether another member of this person's group already acted for it. */
export function groupSettled(round: Pick<StagedRound, "seats">, seat: Seat): boolean {
  if (!seat.groupId) return false;
  return round.seats.some(
    (s) =>
      s.groupId === seat.groupId &&
      s.stage === seat.stage &&
      s.userId !== seat.userId &&
      actedStatus(s.status),
  );
}

/** What stage `index` comes to after its latest decision, which was `status`. */
export function stageOutcome(round: StagedRound, index: number, status: ReviewerStatus): StageOutcome {
  const rule = round.stages[index];
  const tally = stageTally(round, index);
  if (status === "Rejected" && rule?.onReject === "end") return "rejected";
  if (status === "Changes Requested" && rule?.onChanges === "end") return "changes";
  if (tally.approved >= tally.needed) return "passed";
  if (tally.approved + tally.pending < tally.needed) return tally.rejected ? "rejected" : "changes";
  return "waiting";
}

/**
 * The round after `userId` chose `status` at the open stage (the caller has checked they may). A
 * passed stage's untouched seats become Not Needed and the next stage opens; the last stage
 * passing approves the round; a failed stage ends it (Rejected, or Changes Requested).
 */
export function applyStagedDecision(round: StagedRound, userId: string, status: ReviewerStatus): StagedRound {
  const mine = seatOf(round, userId);
  const seats = round.seats.map((s) => {
    if (s.userId === userId) return { ...s, status };
    // The group's place is settled by this member: the others are no longer asked.
    if (mine?.groupId && s.groupId === mine.groupId && s.stage === mine.stage && s.status === "Pending")
      return { ...s, status: "Not Needed" as const };
    return s;
  });
  const acted: StagedRound = { ...round, seats };
  const outcome = stageOutcome(acted, round.step, status);
  if (outcome === "waiting") return acted;
  if (outcome === "changes") return { ...acted, stage: "Changes Requested" };
  if (outcome === "rejected") return { ...acted, stage: "Rejected" };
  const settled = seats.map((s) =>
    s.stage === round.step && s.status === "Pending" ? { ...s, status: "Not Needed" as const } : s,
  );
  if (isApprovalStep(round, round.step)) return { ...acted, seats: settled, stage: "Approved" };
  const step = round.step + 1;
  return { ...acted, seats: settled, step, stage: labelForStep(round, step) };
}

/** The approval stage's outcome, the seed's approverStatus. */
export function approvalOutcome(
  round: StagedRound,
): "Pending" | "Approved" | "Rejected" | "Changes Requested" {
  const last = round.stages.length - 1;
  if (round.step !== last) return "Pending";
  if (round.stage === "Approved") return "Approved";
  if (round.stage === "Rejected") return "Rejected";
  if (round.stage === "Changes Requested") return "Changes Requested";
  return "Pending";
}

/** The structural invariants of a staged round, for tests; null when it holds them all. */
export function stagedInvariantViolation(round: StagedRound): string | null {
  if (round.step < 0 || round.step >= round.stages.length) return `step ${round.step} outside the template`;
  for (const seat of round.seats) {
    if (seat.stage > round.step && seat.status !== "Pending") return "a later stage acted before it opened";
    if (seat.status === "Rejected" && !isApprovalStep(round, seat.stage)) return "a review stage rejected";
  }
  for (let i = 0; i < round.step; i += 1) {
    const tally = stageTally(round, i);
    if (tally.approved < tally.needed) return `stage ${i + 1} passed without its quorum`;
    if (round.seats.some((s) => s.stage === i && s.status === "Pending"))
      return `stage ${i + 1} left someone Pending`;
  }
  const tally = stageTally(round, round.step);
  switch (round.stage) {
    case "Awaiting Review":
    case "Awaiting Approval":
      if (round.stage !== labelForStep(round, round.step)) return `${round.stage} at stage ${round.step + 1}`;
      if (tally.approved >= tally.needed) return "an open stage already reached its quorum";
      if (tally.approved + tally.pending < tally.needed)
        return "an open stage can no longer reach its quorum";
      return null;
    case "Approved":
      if (!isApprovalStep(round, round.step) || tally.approved < tally.needed)
        return "approved before the last stage passed";
      return null;
    case "Rejected":
      return tally.rejected ? null : "Rejected without a rejection at the open stage";
    case "Changes Requested":
      return tally.changes ? null : "Changes Requested without a request at the open stage";
    case "Withdrawn":
      return null;
    default:
      return `unexpected stage ${round.stage}`;
  }
}
