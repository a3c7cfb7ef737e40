import { and, isNull, lt } from "drizzle-orm";
import type { AppContext } from "../context";
import { notifications } from "../db/schema";
import { actOnApproval, submitForReview } from "../modules/approvals/service";
import { authorizeDocumentById } from "../policies/guard";
import type { Actor, DocumentAction } from "../policies/policy";

/**
 * The demo's review history, written through the approvals service by the demo users themselves,
 * so dashboards, queues, notifications, activity logs and suggestions all read the same rounds a
 * real organisation would have. Nothing here writes a status: each status is where the service's
 * own transitions lead.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A review takes at most two weeks; shorter when the next event comes sooner. */
const MAX_ROUND_MS = 14 * DAY_MS;
/** An earlier version replaced within this many days was sent back with changes requested. */
const QUICK_REVISION_DAYS = 45;
/** Notifications older than this are shown as read: the demo users have seen them. */
const SEEN_AFTER_MS = 14 * DAY_MS;

export type FinalStatus = "Draft" | "In Review" | "Approved" | "Rejected" | "Changes Requested";

/** How far a round goes: a status the service reaches, and for In Review how many reviews are in. */
export type RoundOutcome =
  | { kind: "Approved" }
  | { kind: "Rejected"; reason: string }
  | { kind: "Changes Requested"; reason: string }
  | { kind: "In Review"; reviewsIn: 0 | 1 | 2 };

export interface DemoPeople {
  owner: Actor;
  reviewers: [Actor, Actor];
  approver: Actor;
}

interface RoundWindow {
  /** When the version under review was written, and when the next event (or now) comes. */
  from: Date;
  until: Date;
}

/** A context whose clock reads `at`, so each step is recorded at its moment in the past. */
function at(ctx: AppContext, when: Date): AppContext {
  return { ...ctx, clock: { ...ctx.clock, now: () => when } };
}

/** The round's steps spread over its window: submission, first review, second review, decision. */
function stepTimes({ from, until }: RoundWindow): Date[] {
  const span = Math.min(until.getTime() - from.getTime(), MAX_ROUND_MS);
  return [0.05, 0.15, 0.35, 0.6].map((f) => new Date(from.getTime() + Math.round(span * f)));
}

const APPROVAL_NOTES = [
  "Checked against the current policy set; reads correctly.",
  "Figures and references verified.",
  "Clear and complete.",
];

/** One review round by the demo people, ending where `outcome` says. */
export async function runDemoRound(
  ctx: AppContext,
  documentId: string,
  people: DemoPeople,
  outcome: RoundOutcome,
  window: RoundWindow,
): Promise<void> {
  const [submitted, firstReview, secondReview, decided] = stepTimes(window) as [Date, Date, Date, Date];
  const [first, second] = people.reviewers;
  const target = (c: AppContext, actor: Actor, action: DocumentAction) =>
    authorizeDocumentById(c.db, actor, action, documentId);
  const submitting = at(ctx, submitted);
  await submitForReview(submitting, await target(submitting, people.owner, "document.submitForReview"), {
    reviewers: [first.id, second.id],
    approverId: people.approver.id,
  });
  if (outcome.kind === "In Review" && outcome.reviewsIn === 0) return;
  if (outcome.kind === "Changes Requested") {
    await actOnApproval(at(ctx, firstReview), await target(ctx, first, "document.read"), {
      status: "Changes Requested",
      comment: outcome.reason,
    });
    return;
  }
  await actOnApproval(at(ctx, firstReview), await target(ctx, first, "document.read"), {
    status: "Approved",
    comment: APPROVAL_NOTES[0],
  });
  if (outcome.kind === "In Review" && outcome.reviewsIn === 1) return;
  await actOnApproval(at(ctx, secondReview), await target(ctx, second, "document.read"), {
    status: "Approved",
    comment: APPROVAL_NOTES[1],
  });
  if (outcome.kind === "In Review") return;
  await actOnApproval(at(ctx, decided), await target(ctx, people.approver, "document.read"), {
    approverStatus: outcome.kind,
    approverComment: outcome.kind === "Rejected" ? outcome.reason : APPROVAL_NOTES[2],
  });
}

/**
 * What happened to an earlier version: replaced soon after, it was sent back with the next
 * version's change note as the request; replaced much later, it had been approved and then revised.
 */
export function earlierOutcome(daysToNext: number, nextChangeNote: string | null): RoundOutcome {
  if (daysToNext > QUICK_REVISION_DAYS) return { kind: "Approved" };
  const asked = nextChangeNote ?? "bring the figures and references up to date";
  return { kind: "Changes Requested", reason: `Needs another pass before approval: ${asked}.` };
}

/** The manifest's status for the current version, as a round outcome (null: stays a Draft). */
export function finalOutcome(
  status: FinalStatus,
  reason: string | undefined,
  reviewsIn: number,
): RoundOutcome | null {
  switch (status) {
    case "Draft":
      return null;
    case "Approved":
      return { kind: "Approved" };
    case "Rejected":
    case "Changes Requested":
      return { kind: status, reason: reason ?? "Please revise before this goes further." };
    case "In Review":
      // The open rounds vary, so each demo role finds something waiting: none, one or both reviews in.
      return { kind: "In Review", reviewsIn: ([0, 1, 2] as const)[reviewsIn % 3] ?? 0 };
  }
}

/** Old notifications were read long ago; only the recent ones count as unread. */
export async function markOldNotificationsRead(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - SEEN_AFTER_MS);
  await ctx.db
    .update(notifications)
    .set({ readAt: now })
    .where(and(lt(notifications.createdAt, cutoff), isNull(notifications.readAt)));
}
