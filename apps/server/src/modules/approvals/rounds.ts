import { roundActivityActions, roundReasonText, type RoundReason } from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import type { EventActor } from "../../events/catalog";
import { raise } from "../../events/subscriber";
import { quorumNeeded, type Role } from "@quire/contracts";
import { documentViewerIds } from "../../policies/documents-where";
import { dueOnFor, handOutSeats } from "./delegation";
import { eligibleForStage } from "./policy";
import { peopleWithGroups } from "./stage-assignment";
import { labelForStep } from "./stages";
import { readSnapshot } from "./templates";
import { appendActivity } from "../activity/repository";
import { findDocumentRow, lockDocument, setDocumentStatus } from "../documents/repository";
import { findUser } from "../users/repository";
import {
  documentsWithOpenRound,
  findLatestRound,
  findReviewers,
  insertSeats,
  insertRound,
  openSeatsOf,
  type NewSeat,
  updateRound,
  usernamesOf,
  type AccessChangeScope,
  type ApprovalRow,
} from "./repository";

/**
 * How a review round ends or starts over when something outside the workflow changes under it:
 * a new version (the text under review is no longer the current one), archiving, or an assignee
 * losing the role the round needs. Each runs inside the caller's transaction, with the document row
 * locked by the caller first, in the same order as submissions and decisions lock it.
 */

const OPEN_STAGES = new Set(["Awaiting Review", "Awaiting Approval"]);

export interface RoundChange {
  /**
   * Who caused it (the activity entry's user; the events the round raises name them too); Quire
   * (no user id) when the change was the system actor's, such as the start-up repair of rounds an
   * earlier release left waiting.
   */
  by: EventActor;
  now: Date;
  /** The application, for the events the round raises (who hears of it reacts to those). */
  ctx: AppContext;
}

/** The activity entry's author for a change to a round: the person, or Quire. */
const authorOf = (change: RoundChange) => ({
  userId: change.by.id,
  system: change.by.id === null,
  ip: null,
  at: change.now,
});

/** What shut an assignee out of a document: a change of access, a disabled account, or found at start-up. */
export type CannotOpenCause = Extract<RoundReason, { code: "cannotOpen" }>["cause"];

/** An activity entry's comment (the reason in English) and data (the reason as facts). */
const reasonNote = (reason: RoundReason) => ({ comment: roundReasonText(reason), data: { reason } });

/** The latest round if it is still waiting on someone, locked. */
async function openRound(tx: Database, documentId: string): Promise<ApprovalRow | null> {
  const round = await findLatestRound(tx, documentId, true);
  return round && OPEN_STAGES.has(round.stage) ? round : null;
}

async function withdraw(
  tx: Database,
  round: ApprovalRow,
  reason: RoundReason,
  change: RoundChange,
): Promise<void> {
  await updateRound(tx, round.id, { stage: "Withdrawn", updatedAt: change.now });
  await appendActivity(
    tx,
    {
      action: "Review withdrawn",
      subjectType: "approval",
      subjectId: round.id,
      documentId: round.documentId,
      approvalId: round.id,
      ...reasonNote(reason),
    },
    authorOf(change),
  );
}

/** Everyone the round still waits on, at its open stage or a later one, who hear that it ended. */
async function waitingAssignees(tx: Database, round: ApprovalRow): Promise<string[]> {
  const seats = await findReviewers(tx, [round.id]);
  return seats.filter((s) => s.status === "Pending" && s.stageIndex >= round.step).map((s) => s.reviewerId);
}

/**
 * Ends the document's open round without a decision and returns the document to Draft; the
 * approval.withdrawn event tells the owner and the assignees still waited on why (notifications
 * subscribe). Returns whether there was a round to end.
 */
export async function endOpenRound(
  tx: Database,
  documentId: string,
  reason: RoundReason,
  change: RoundChange,
): Promise<boolean> {
  const round = await openRound(tx, documentId);
  if (!round) return false;
  await withdraw(tx, round, reason, change);
  const doc = await setDocumentStatus(tx, documentId, "Draft", change.now);
  if (!doc) return true;
  await raise(change.ctx, tx, {
    type: "approval.withdrawn",
    by: change.by,
    at: change.now,
    approvalId: round.id,
    documentId,
    documentTitle: doc.title,
    ownerId: doc.ownerId,
    waitingIds: await waitingAssignees(tx, round),
    reason: roundReasonText(reason),
    why: reason,
  });
  return true;
}

/**
 * The round's people who still belong to their stage's pool and do not own the document: who a
 * restart keeps (the absent colleague, not their delegate: delegation is decided afresh). Null
 * when a stage would be left short of its quorum.
 */
async function keptSeats(tx: Database, round: ApprovalRow, ownerId: string): Promise<NewSeat[] | null> {
  const stages = readSnapshot(round.template);
  const seats = await findReviewers(tx, [round.id]);
  const holders = seats.map((s) => ({ ...s, holder: s.onBehalfOf ?? s.reviewerId }));
  const known = await peopleWithGroups(
    tx,
    holders.map((s) => s.holder),
  );
  const kept = holders.filter((s) => {
    const person = known.get(s.holder);
    const rule = stages[s.stageIndex];
    return person && rule && person.id !== ownerId && eligibleForStage(person, rule, s);
  });
  const short = stages.some((rule, i) => {
    const units = new Set(kept.filter((s) => s.stageIndex === i).map((s) => s.groupId ?? s.holder)).size;
    return units === 0 || units < quorumNeeded(rule.quorum, units);
  });
  if (short) return null;
  return kept.map((s) => ({ userId: s.holder, stage: s.stageIndex, groupId: s.groupId }));
}

/**
 * A new version landed while the document is In Review: the round on the old text is withdrawn and
 * a new round on the new version starts with the same people and the same copy of the template,
 * and everyone already asked is asked to review again. If those people no longer can, the
 * document returns to Draft instead. Called by the documents service inside its transaction.
 */
export async function restartRoundForNewVersion(
  tx: Database,
  documentId: string,
  version: number,
  change: RoundChange,
): Promise<void> {
  const round = await openRound(tx, documentId);
  if (!round) return;
  const doc = await findDocumentRow(tx, documentId);
  if (!doc) return;
  const kept = await keptSeats(tx, round, doc.ownerId);
  const versions = { version, replaced: round.version };
  if (!kept) {
    await endOpenRound(tx, documentId, { code: "replacedNobodyLeft", ...versions }, change);
    return;
  }
  await withdraw(tx, round, { code: "replaced", ...versions }, change);
  const stages = readSnapshot(round.template);
  const nextId = await insertRound(tx, {
    documentId,
    round: round.round + 1,
    version,
    stage: labelForStep({ stages }, 0),
    // Quire restarting a round does so in the name of whoever submitted it.
    submittedBy: change.by.id ?? round.submittedBy,
    approverId: kept.find((s) => s.stage === stages.length - 1)?.userId ?? round.approverId,
    approverStatus: "Pending",
    template: round.template,
    step: 0,
    dueOn: dueOnFor(stages[0]!, change.now),
    createdAt: change.now,
    updatedAt: change.now,
  });
  await insertSeats(tx, nextId, kept, change.now);
  await appendActivity(
    tx,
    {
      action: roundActivityActions.submitted[1],
      subjectType: "approval",
      subjectId: nextId,
      documentId,
      approvalId: nextId,
      ...reasonNote({ code: "restarted", ...versions }),
    },
    authorOf(change),
  );
  const opening = { id: nextId, documentId, ownerId: doc.ownerId };
  const asked = await handOutSeats(tx, opening, stages[0]!, 0, change.now, change.by.id);
  // Those a later stage had already asked hear of the new text too.
  const reached = kept.filter((s) => s.stage > 0 && s.stage <= round.step).map((s) => s.userId);
  await raise(change.ctx, tx, {
    type: "approval.restarted",
    by: change.by,
    at: change.now,
    approvalId: nextId,
    documentId,
    documentTitle: doc.title,
    version,
    askedIds: [...asked, ...reached],
  });
}

/** The documents whose open round waits on this user from a seat the new role does not fill. */
async function roundsNeeding(tx: Database, userId: string, role: string): Promise<string[]> {
  const [person] = (await peopleWithGroups(tx, [userId])).values();
  const waiting = await openSeatsOf(tx, userId);
  const found = waiting.filter((w) => {
    const rule = readSnapshot(w.template)[w.stageIndex];
    const standing = { id: userId, role: role as Role, groupIds: person?.groupIds ?? [] };
    return !rule || !eligibleForStage(standing, rule, w);
  });
  return [...new Set(found.map((w) => w.documentId))].sort();
}

/**
 * Called by the users service when a role changes: every open round that waits on this user in the
 * role they lose ends (Draft again, owner told), since nobody could finish it. Returns how many.
 */
export async function endRoundsForRoleChange(
  tx: Database,
  userId: string,
  role: string,
  change: RoundChange,
): Promise<number> {
  const user = await findUser(tx, { id: userId });
  const documentIds = await roundsNeeding(tx, userId, role);
  let ended = 0;
  for (const documentId of documentIds) {
    // The document row first, as everywhere else in the workflow.
    await lockDocument(tx, documentId);
    const reason: RoundReason = { code: "roleChanged", user: user?.username ?? null, role };
    if (await endOpenRound(tx, documentId, reason, change)) ended += 1;
  }
  return ended;
}

/**
 * Called after an access change (a document's restriction, a category's access list, a group's
 * members): every open round in the scope that waits on someone who can no longer open the
 * document ends (Draft again, owner and assignees told), as at a role change, since that person
 * could never finish it and nobody else may act in their place. Access wins over the workflow: an
 * Admin closing a document to someone is never refused because a review is open. Returns how many.
 */
export async function endRoundsAssigneesCannotSee(
  tx: Database,
  scope: AccessChangeScope,
  change: RoundChange,
  why: CannotOpenCause = "access",
): Promise<number> {
  let ended = 0;
  for (const documentId of await documentsWithOpenRound(tx, scope)) {
    if (await endRoundIfAssigneeShutOut(tx, documentId, change, why)) ended += 1;
  }
  return ended;
}

/**
 * The document's open round ends if it waits on someone who can no longer open the document (or
 * whose account is disabled): the check behind endRoundsAssigneesCannotSee, one document at a time,
 * for the start-up repair too. Returns whether it ended one.
 */
export async function endRoundIfAssigneeShutOut(
  tx: Database,
  documentId: string,
  change: RoundChange,
  why: CannotOpenCause,
): Promise<boolean> {
  // The document row first, as everywhere else in the workflow.
  await lockDocument(tx, documentId);
  const round = await openRound(tx, documentId);
  if (!round) return false;
  const viewers = new Set(await documentViewerIds(tx, documentId));
  const shutOut = (await waitingAssignees(tx, round)).filter((id) => !viewers.has(id));
  if (shutOut.length === 0) return false;
  const users = [...(await usernamesOf(tx, shutOut)).values()].sort();
  return endOpenRound(tx, documentId, { code: "cannotOpen", users, cause: why }, change);
}
