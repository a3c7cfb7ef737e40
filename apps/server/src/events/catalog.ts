import {
  approvalStageSchema,
  ingestionSourceSchema,
  roundReasonSchema,
  SYSTEM_ACTOR_NAME,
} from "@quire/contracts";
import { z } from "zod";

/**
 * Every domain event, in one place: what a command says happened, inside its transaction, for the
 * modules that react (events/subscriber.ts). A command names the event and its facts; it never
 * knows who reacts, so a new module that changes who can see a document needs to know nothing of
 * approvals, search or live pages.
 *
 * `narrowsAccess` marks the events after which someone may no longer be able to open a document
 * (or act in a role): every reaction that must not leave a person waited on who cannot act keys
 * on it, and the event test raises each one through a real command.
 */

const id = z.string().min(1);

/**
 * Who caused the change, as notifications and the activity log name them: a person, or Quire
 * itself (processing, import, demo seeding, schedules), which has no user id.
 */
export const eventActorSchema = z.union([
  z.object({ id, username: z.string().min(1) }),
  z.object({ id: z.null(), username: z.literal(SYSTEM_ACTOR_NAME) }),
]);
export type EventActor = z.infer<typeof eventActorSchema>;

export const domainEvents = {
  /**
   * A document was created from a file: an upload, the watched folder, mail or an import (null for
   * documents Quire made itself, the demo archive's).
   */
  "document.created": {
    payload: z.object({
      documentId: id,
      filename: z.string(),
      sha256: z.string(),
      source: ingestionSourceSchema.nullable(),
    }),
    narrowsAccess: false,
  },
  /** A new version of a document's text landed (an edit or an uploaded file). */
  "document.versionAdded": {
    payload: z.object({ documentId: id, version: z.number().int().positive() }),
    narrowsAccess: false,
  },
  /** A document's own access list changed (restricted to named people and groups, or opened again). */
  "document.accessChanged": { payload: z.object({ documentId: id }), narrowsAccess: true },
  /** A document was filed in another category, whose access list may differ. */
  "document.moved": {
    payload: z.object({ documentId: id, fromCategoryId: id, toCategoryId: id }),
    narrowsAccess: true,
  },
  /** A document's title or tags changed (the parts of it that search weighs). */
  "document.detailsChanged": { payload: z.object({ documentId: id }), narrowsAccess: false },
  /** A document was archived (out of every list and queue) or restored. */
  "document.archiveChanged": {
    payload: z.object({ documentId: id, archived: z.boolean() }),
    narrowsAccess: false,
  },
  /** A document was submitted for review: a new round waits on its reviewers. */
  "approval.submitted": {
    payload: z.object({
      approvalId: id,
      documentId: id,
      documentTitle: z.string(),
      version: z.number().int().positive(),
      reviewerIds: z.array(id).min(1),
      approverId: id,
    }),
    narrowsAccess: false,
  },
  /** A reviewer reviewed or the approver decided; the round moved from one stage to another (or stayed). */
  "approval.decided": {
    payload: z.object({
      approvalId: id,
      documentId: id,
      documentTitle: z.string(),
      ownerId: id,
      approverId: id,
      kind: z.enum(["review", "decide"]),
      /** What the person chose (Approved, Changes Requested, Rejected) at the stage of index `step`. */
      decision: z.string(),
      step: z.number().int().nonnegative(),
      /** Whether they confirmed it by entering their password again (the category's signing rule). */
      reauthenticated: z.boolean(),
      /** How they confirmed it, when they did: their Quire password, or signing in again at the identity provider. */
      reauthenticatedVia: z.enum(["password", "single sign-on"]).optional(),
      from: approvalStageSchema,
      to: approvalStageSchema,
      comment: z.string().nullable(),
      /** Who the next stage asks to act, when the decision opened one (delegates in place of the absent). */
      nextIds: z.array(id).optional(),
    }),
    narrowsAccess: false,
  },
  /**
   * A review round ended without a decision (withdrawn: the text, the people or their access
   * changed under it) and the document is a Draft again.
   */
  "approval.withdrawn": {
    payload: z.object({
      approvalId: id,
      documentId: id,
      documentTitle: z.string(),
      ownerId: id,
      /** The assignees the round was still waiting on. */
      waitingIds: z.array(id),
      /** Why, in English (the activity entry's comment). */
      reason: z.string().min(1),
      /** Why, as facts, for the reader's language. */
      why: roundReasonSchema,
    }),
    narrowsAccess: false,
  },
  /** A new version replaced the text under review: a new round on it asks the same people again. */
  "approval.restarted": {
    payload: z.object({
      approvalId: id,
      documentId: id,
      documentTitle: z.string(),
      version: z.number().int().positive(),
      /** Who the new round asks to review (and who of a later stage had already been asked). */
      askedIds: z.array(id),
    }),
    narrowsAccess: false,
  },
  /**
   * A stage's due date is tomorrow or today and it still waits on people: they are reminded. Raised
   * once per stage and level by the deadline schedule.
   */
  "approval.dueSoon": {
    payload: z.object({
      approvalId: id,
      documentId: id,
      documentTitle: z.string(),
      stageName: z.string().min(1),
      dueOn: z.string().min(1),
      dueToday: z.boolean(),
      waitingIds: z.array(id),
    }),
    narrowsAccess: false,
  },
  /** A stage passed its due date while still waiting on people: the round is escalated. */
  "approval.overdue": {
    payload: z.object({
      approvalId: id,
      documentId: id,
      documentTitle: z.string(),
      stageName: z.string().min(1),
      dueOn: z.string().min(1),
      /** The names of those still waited on, as the escalation states them. */
      waitingNames: z.array(z.string()),
    }),
    narrowsAccess: false,
  },
  /** An approval made a version effective: readers, search and the assistant now see it. */
  "document.effectiveChanged": {
    payload: z.object({ documentId: id, version: z.number().int().positive() }),
    narrowsAccess: false,
  },
  /** An effective document's periodic review moved: its interval or effective date set, or re-confirmed. */
  "document.periodicReviewChanged": {
    payload: z.object({ documentId: id, nextReviewOn: z.string().nullable() }),
    narrowsAccess: false,
  },
  /**
   * Someone commented on a document (a new thread or a reply) or reworded their comment.
   * `mentionedIds` are the people it newly mentions, each of whom may read the comment.
   */
  "comment.posted": {
    payload: z.object({
      commentId: id,
      threadId: id,
      documentId: id,
      documentTitle: z.string(),
      version: z.number().int().positive(),
      edited: z.boolean(),
      mentionedIds: z.array(id),
    }),
    narrowsAccess: false,
  },
  /** A comment was deleted, or a thread resolved or reopened. */
  "comment.changed": {
    payload: z.object({
      commentId: id,
      threadId: id,
      documentId: id,
      change: z.enum(["deleted", "resolved", "reopened"]),
    }),
    narrowsAccess: false,
  },
  /** A category's access list changed. */
  "category.permissionsChanged": { payload: z.object({ categoryId: id }), narrowsAccess: true },
  /** People joined or left groups (by hand, or as single sign-on reported their groups). */
  "group.membersChanged": { payload: z.object({ groupIds: z.array(id).min(1) }), narrowsAccess: true },
  /** A group was deleted, and with it every access its members had through it. */
  "group.deleted": { payload: z.object({ groupId: id }), narrowsAccess: true },
  /** A user's role changed. */
  "user.roleChanged": {
    payload: z.object({ userId: id, from: z.string().min(1), to: z.string().min(1) }),
    narrowsAccess: true,
  },
  /**
   * An Admin chose the organisation's default reviewers and approver. Raised before they are
   * written, so the module whose duties they are can refuse them and the change rolls back.
   */
  "settings.approvalDefaultsChanged": {
    payload: z.object({ reviewerIds: z.array(id), approverId: id.nullable() }),
    narrowsAccess: false,
  },
  /** A user's account was disabled: they can no longer sign in or act. */
  "user.disabled": { payload: z.object({ userId: id }), narrowsAccess: true },
} as const satisfies Record<string, { payload: z.ZodObject; narrowsAccess: boolean }>;

export type DomainEventName = keyof typeof domainEvents;

/** The event a command raises: its name, its facts, who caused it and when. */
export type DomainEvent<N extends DomainEventName = DomainEventName> = {
  [K in N]: { type: K; by: EventActor; at: Date } & z.infer<(typeof domainEvents)[K]["payload"]>;
}[N];

/** The events after which someone may have lost sight of a document or the role a task needs. */
export const accessNarrowingEvents = (Object.keys(domainEvents) as DomainEventName[]).filter(
  (name) => domainEvents[name].narrowsAccess,
);

/**
 * Checks an event against its declaration before anyone reacts: a command that raises a malformed
 * event fails inside its transaction, which then rolls back, rather than a reaction misreading it.
 */
export function checkedEvent(event: DomainEvent): DomainEvent {
  const declared = domainEvents[event.type];
  const parsed = declared.payload.safeParse(event);
  if (!parsed.success) {
    throw new Error(`malformed ${event.type} event: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  }
  eventActorSchema.parse(event.by);
  if (!(event.at instanceof Date) || Number.isNaN(event.at.getTime()))
    throw new Error(`malformed ${event.type} event: no time`);
  return event;
}
