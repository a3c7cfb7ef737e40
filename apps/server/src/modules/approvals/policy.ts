import {
  decisionActivityAction,
  decisionNeedsReason,
  isDecisionOf,
  type RoundActivityAction,
} from "@quire/contracts";
import type {
  Role,
  ApprovalStage,
  ApprovalStatus,
  ApproverStatus,
  FinalDecision,
  ReviewDecision,
  ReviewerStatus,
  UpdateApprovalBody,
} from "@quire/contracts";
import { badRequest, conflict, forbidden, type HttpError } from "../../lib/errors";
import { dutyRole, mayHoldDuty, type Duty } from "../../policies/policy";
import {
  groupSettled,
  isApprovalStep,
  labelForStep,
  seatOf,
  stageChoices,
  type Seat,
  type StagedRound,
} from "./stages";

/**
 * The approval state machine (seed §4) as pure functions over one round, so the rules can be
 * unit- and property-tested without a database. The service loads a round, asks these functions
 * what the acting user's request means, and writes the result.
 */
export interface RoundState {
  stage: ApprovalStage;
  reviewers: ReadonlyArray<{ id: string; status: ReviewerStatus }>;
  approverId: string;
  approverStatus: ApproverStatus;
}

export type Intent =
  | { kind: "review"; status: ReviewDecision; comment: string | null }
  // Changes Requested here is the approval stage sending the document back, where its template allows.
  | { kind: "decide"; status: FinalDecision | "Changes Requested"; comment: string | null };

export const isAssignedReviewer = (actorId: string, round: RoundState): boolean =>
  round.reviewers.some((r) => r.id === actorId);

export const isAssignedApprover = (actorId: string, round: RoundState): boolean =>
  round.approverId === actorId;

/** Abilities shown with an approval: what this user could do right now. */
export function approvalAbilities(actorId: string, round: RoundState): { review: boolean; decide: boolean } {
  return {
    review: refuseReview(actorId, round) === null,
    decide: refuseDecision(actorId, round) === null,
  };
}

/** Why this user may not review this round now, or null if they may. Assignment first: 403 before 409. */
export function refuseReview(actorId: string, round: RoundState): HttpError | null {
  const own = round.reviewers.find((r) => r.id === actorId);
  if (!own) return forbidden("Only a reviewer assigned to this approval round can review it");
  if (round.stage !== "Awaiting Review")
    return conflict(`Reviews are accepted only while the stage is Awaiting Review; it is ${round.stage}`);
  if (own.status !== "Pending")
    return conflict(`You already reviewed this round (${own.status}); each reviewer acts once per round`);
  return null;
}

/** Why this user may not take the final decision now, or null if they may. */
export function refuseDecision(actorId: string, round: RoundState): HttpError | null {
  if (!isAssignedApprover(actorId, round))
    return forbidden("Only the approver assigned to this approval round can decide it");
  if (round.stage !== "Awaiting Approval")
    return conflict(
      `The final decision is taken only while the stage is Awaiting Approval; it is ${round.stage}`,
    );
  return null;
}

/**
 * Seed §4 derived status: Approved if the stage is Approved or every reviewer and the approver
 * approved; Rejected if the stage is Rejected or anyone rejected; otherwise In Progress.
 * (Approved is checked first, as the seed lists it first.)
 */
export function roundStatus(
  round: Pick<RoundState, "stage" | "reviewers" | "approverStatus">,
): ApprovalStatus {
  const reviewersApproved =
    round.reviewers.length > 0 && round.reviewers.every((r) => r.status === "Approved");
  if (round.stage === "Approved" || (reviewersApproved && round.approverStatus === "Approved"))
    return "Approved";
  if (round.stage === "Rejected" || round.approverStatus === "Rejected") return "Rejected";
  return "In Progress";
}

/** Seed §4: share of reviewers with status Approved, as a whole percent (0 with no reviewers). */
export function reviewProgress(reviewers: ReadonlyArray<{ status: string }>): number {
  if (reviewers.length === 0) return 0;
  return Math.round((reviewers.filter((r) => r.status === "Approved").length / reviewers.length) * 100);
}

/** Seed §4: Changes Requested if any reviewer asks for changes, Awaiting Approval once none is Pending. */
export function stageAfterReview(reviewers: RoundState["reviewers"]): ApprovalStage {
  if (reviewers.some((r) => r.status === "Changes Requested")) return "Changes Requested";
  if (reviewers.every((r) => r.status !== "Pending")) return "Awaiting Approval";
  return "Awaiting Review";
}

/**
 * What the request means, derived from who is acting: a reviewer's own entry (in the seed's
 * `reviewers` list, or a plain `status`), or the approver's `approverStatus`. Client-computed
 * stage, activity log and other reviewers' entries are never read.
 */
export function readIntent(actorId: string, round: RoundState, body: UpdateApprovalBody): Intent {
  if (isAssignedReviewer(actorId, round)) {
    const own = body.reviewers?.find((r) => r.id === actorId);
    const status = own?.status ?? body.status;
    if (status === undefined || !isDecisionOf("review", status))
      throw badRequest("status: a review must be Approved or Changes Requested");
    const comment = own ? (own.comment ?? body.comment) : body.comment;
    return { kind: "review", status: status as ReviewDecision, comment: cleanComment(comment) };
  }
  if (isAssignedApprover(actorId, round)) {
    // The approver uses the seed's decision fields only, so a reviewer-shaped body is never a decision.
    const status = body.approverStatus;
    if (status === undefined || !isDecisionOf("decide", status))
      throw badRequest("approverStatus: the final decision must be Approved or Rejected");
    const comment = body.approverComment;
    return { kind: "decide", status: status as FinalDecision, comment: cleanComment(comment) };
  }
  // The same 403 answer as every other role refusal (the route-guard matrix holds all routes to it).
  throw forbidden();
}

/** Who is acting, as far as the workflow's checks go: the role is the user's current one. */
export interface Standing {
  id: string;
  role: Role;
}

/** The duty of a round each intent carries out (the registry says which role may hold it). */
const dutyFor = { review: "review", decide: "approve" } as const satisfies Record<Intent["kind"], Duty>;

/**
 * Why this assignee may not act on a document they own or with a role they no longer hold, or
 * null. Checked at each action, because an assignment made earlier says nothing about today.
 */
export function refuseByStanding(actor: Standing, kind: Intent["kind"], ownerId: string): HttpError | null {
  const what = kind === "review" ? "review" : "approve or reject";
  if (actor.id === ownerId)
    return forbidden(`You own this document, so you cannot ${what} it; someone else must`);
  const duty = dutyFor[kind];
  if (!mayHoldDuty(actor.role, duty))
    return forbidden(
      `You no longer hold the ${dutyRole[duty]} role (you are ${actor.role}), so you cannot ${what} this document`,
    );
  return null;
}

/** A round decides only on the text it was opened for: a later current version refuses the action. */
export function refuseStaleRound(roundVersion: number, currentVersion: number): HttpError | null {
  if (roundVersion === currentVersion) return null;
  return conflict(
    `This round reviews version ${roundVersion}, but version ${currentVersion} is now current; ` +
      "the text under review changed, so the document must be submitted for review again",
  );
}

/**
 * The person chose on the round they were shown; if a new version or a resubmission opened another
 * round meanwhile, their choice is not carried over to a text they have not seen.
 */
export function refuseMovedRound(
  shownRound: number | undefined,
  latest: { round: number; version: number },
): HttpError | null {
  if (shownRound === undefined || shownRound === latest.round) return null;
  return conflict(
    `You chose on round ${shownRound}, but round ${latest.round} (version ${latest.version}) has started since; ` +
      `read version ${latest.version} and choose again`,
  );
}

/** Asking for changes and rejecting are told to the author, who needs the reason. */
export function refuseMissingReason(intent: Intent): HttpError | null {
  if (intent.comment || !decisionNeedsReason(intent.status)) return null;
  if (intent.kind === "review")
    return badRequest("comment: say what needs to change; a request for changes needs a reason");
  return badRequest("approverComment: say why; a rejection needs a reason");
}

/** The round after an intent is applied; throws the refusal when the rules do not allow it. */
export function applyIntent(actorId: string, round: RoundState, intent: Intent): RoundState {
  if (intent.kind === "review") {
    const refusal = refuseReview(actorId, round);
    if (refusal) throw refusal;
    const reviewers = round.reviewers.map((r) => (r.id === actorId ? { ...r, status: intent.status } : r));
    return { ...round, reviewers, stage: stageAfterReview(reviewers) };
  }
  const refusal = refuseDecision(actorId, round);
  if (refusal) throw refusal;
  return { ...round, approverStatus: intent.status, stage: intent.status };
}

/** The activity entry name of seed §4. */
export const activityActionFor = (intent: Intent): RoundActivityAction =>
  decisionActivityAction(intent.kind, intent.status);

function cleanComment(comment: string | null | undefined): string | null {
  const trimmed = comment?.trim();
  return trimmed ? trimmed : null;
}

/**
 * The structural invariants of a round, for tests: a terminal stage has no pending reviewer
 * (except Changes Requested, which ends a round early), the approver decides only after review.
 */
export function roundInvariantViolation(round: RoundState): string | null {
  const pending = round.reviewers.filter((r) => r.status === "Pending").length;
  const changes = round.reviewers.some((r) => r.status === "Changes Requested");
  switch (round.stage) {
    case "Awaiting Review":
      if (changes || pending === 0) return "Awaiting Review needs a pending reviewer and no change request";
      return round.approverStatus === "Pending" ? null : "approver decided during review";
    case "Changes Requested":
      // The approval stage may send the document back itself, where its template allows it.
      if (round.approverStatus === "Changes Requested")
        return pending > 0 || changes ? "sent back before every reviewer approved" : null;
      if (!changes) return "Changes Requested without a reviewer asking for changes";
      return round.approverStatus === "Pending" ? null : "approver decided after changes were requested";
    case "Awaiting Approval":
      if (pending > 0 || changes) return "Awaiting Approval before every reviewer approved";
      return round.approverStatus === "Pending" ? null : "decided but still Awaiting Approval";
    case "Withdrawn":
      return round.approverStatus === "Pending" ? null : "a decided round cannot be withdrawn";
    case "Approved":
    case "Rejected":
      if (pending > 0 || changes) return "final decision before every reviewer approved";
      return round.approverStatus === round.stage ? null : "approver status differs from final stage";
    default:
      return `unexpected stage ${round.stage}`;
  }
}

/*
 * Rounds under a category's template: the same rules over any number of stages. A person acts from
 * their seat: a review stage's seat reviews (the seed's review fields), the approval stage's seat
 * decides (the seed's approverStatus). The two-stage functions above are the default template.
 */

/** What the request means for this person's seat; 403 for someone with no seat, 400 for a choice the stage does not offer. */
export function readStagedIntent(actorId: string, round: StagedRound, body: UpdateApprovalBody): Intent {
  const seat = seatOf(round, actorId);
  if (!seat) throw forbidden();
  const choices: readonly string[] = stageChoices(round, seat.stage);
  if (!isApprovalStep(round, seat.stage)) {
    const own = body.reviewers?.find((r) => r.id === actorId);
    const status = own?.status ?? body.status;
    if (status === undefined || !choices.includes(status))
      throw badRequest("status: a review must be Approved or Changes Requested");
    const comment = own ? (own.comment ?? body.comment) : body.comment;
    return { kind: "review", status: status as ReviewDecision, comment: cleanComment(comment) };
  }
  const status = body.approverStatus;
  if (status === undefined || !choices.includes(status))
    throw badRequest(
      choices.includes("Changes Requested")
        ? "approverStatus: the final decision must be Approved or Rejected, or Changes Requested to send it back"
        : "approverStatus: the final decision must be Approved or Rejected",
    );
  return {
    kind: "decide",
    status: status as FinalDecision | "Changes Requested",
    comment: cleanComment(body.approverComment),
  };
}

/** Why this person may not act on the round now, or null. Assignment first: 403 before 409. */
export function refuseStagedDecision(actorId: string, round: StagedRound): HttpError | null {
  const seat = seatOf(round, actorId);
  if (!seat) return forbidden("Only a person assigned to this approval round can act on it");
  const review = !isApprovalStep(round, seat.stage);
  if (round.stage !== labelForStep(round, seat.stage))
    return review
      ? conflict(`Reviews are accepted only while the stage is Awaiting Review; it is ${round.stage}`)
      : conflict(
          `The final decision is taken only while the stage is Awaiting Approval; it is ${round.stage}`,
        );
  const mine = round.stages[seat.stage]?.name ?? "your stage";
  const open = round.stages[round.step]?.name ?? "the open stage";
  if (seat.stage > round.step)
    return conflict(`Your stage, ${mine}, opens once ${open} is done; it is not your turn yet`);
  if (seat.stage < round.step) return conflict(`Your stage, ${mine}, is already done`);
  if (seat.status === "Not Needed" || groupSettled(round, seat))
    return conflict(`Another member of your group already acted for it at ${mine}`);
  if (seat.status !== "Pending")
    return review
      ? conflict(`You already reviewed this round (${seat.status}); each reviewer acts once per round`)
      : conflict(`You already decided this round (${seat.status}); each assignee acts once per round`);
  return null;
}

/** Who is acting, with the groups they are in now (a stage's pool may name groups). */
export interface GroupStanding extends Standing {
  groupIds: readonly string[];
}

/** Whether this person may sit at stage `rule` now: their role is in its pool, or they are in its group. */
export function eligibleForStage(
  person: GroupStanding,
  rule: StagedRound["stages"][number],
  seat?: Pick<Seat, "groupId">,
): boolean {
  if (seat?.groupId) return person.groupIds.includes(seat.groupId);
  return (
    (rule.roles as readonly string[]).includes(person.role) ||
    rule.groupIds.some((g) => person.groupIds.includes(g))
  );
}

/**
 * Why this assignee may not act on a document they own, or from a seat whose pool they have left
 * (a role they no longer hold, a group they left), or null. Checked at each action.
 */
export function refuseStagedStanding(
  actor: GroupStanding,
  round: StagedRound,
  ownerId: string,
): HttpError | null {
  const seat = seatOf(round, actor.id);
  const rule = seat ? round.stages[seat.stage] : undefined;
  if (!seat || !rule) return null;
  const what = isApprovalStep(round, seat.stage) ? "approve or reject" : "review";
  if (actor.id === ownerId)
    return forbidden(`You own this document, so you cannot ${what} it; someone else must`);
  if (eligibleForStage(actor, rule, seat)) return null;
  if (seat.groupId || rule.roles.length === 0)
    return forbidden(
      `You are no longer in the group ${rule.name} draws on, so you cannot ${what} this document`,
    );
  return forbidden(
    `You no longer hold the ${rule.roles.join(" or ")} role (you are ${actor.role}), so you cannot ${what} this document`,
  );
}

/** What this person could do now, and the choices the decision dialog offers them. */
export function stagedAbilities(actorId: string, round: StagedRound) {
  const seat = seatOf(round, actorId);
  if (!seat || refuseStagedDecision(actorId, round)) return { review: false, decide: false, choices: [] };
  const decide = isApprovalStep(round, seat.stage);
  return { review: !decide, decide, choices: stageChoices(round, seat.stage) };
}
