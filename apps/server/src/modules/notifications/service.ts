import {
  notificationMessageSchema,
  type Notification,
  type NotificationKind,
  type NotificationMessage,
  type NotificationPreferences,
} from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import type { MailConfig } from "../../config";
import { notFound } from "../../lib/errors";
import { documentViewerIds } from "../../policies/documents-where";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import { readLanguageChoices } from "../auth/language-choice";
import { enqueueEmail, notificationEmail } from "./email";
import { documentLink, type NewNotification } from "./notification";
import {
  countNotifications,
  findNotifications,
  findOwnNotification,
  findPreference,
  findPreferences,
  insertNotifications,
  markAllNotificationsRead,
  markDocumentNotificationsRead,
  markNotificationRead,
  savePreferences,
  supersedeDocumentNotifications,
} from "./repository";

/**
 * Writes one notification per recipient who has not switched its kind off, queues an e-mail copy
 * for those who gave an address and kept e-mail on (when the server can send mail), and answers
 * how many were notified. Takes the caller's transaction, so a notification (and its e-mail)
 * exists exactly when the change that caused it was committed.
 */
export async function notifyUsers(
  db: Database,
  userIds: readonly string[],
  note: NewNotification,
  now: Date,
  mail: MailConfig | undefined,
): Promise<number> {
  // Nobody hears of a document its access lists keep them from (e-mail and live events included);
  // the lifecycle does not count here: a reviewer is told their round ended when it was archived.
  const viewers = note.documentId
    ? new Set(await documentViewerIds(db, note.documentId, { lifecycle: false }))
    : null;
  const allowed = [...new Set(userIds)].filter((id) => !viewers || viewers.has(id));
  const recipients = await wantingRecipients(db, allowed, note.kind);
  if (recipients.length === 0) return 0;
  await insertNotifications(
    db,
    recipients.map(({ userId }) => ({
      userId,
      kind: note.kind,
      title: note.title,
      body: note.body,
      message: note.message,
      link: note.link ?? documentLink(note.documentId),
      documentId: note.documentId,
      createdAt: now,
    })),
  );
  if (mail) {
    const addressed = recipients.filter((r) => r.emailAddress !== null);
    // Each in the language they chose for Quire; English for those who never chose.
    const languages = await readLanguageChoices(
      db,
      addressed.map((r) => r.userId),
    );
    for (const { userId, emailAddress } of addressed) {
      const language = languages.get(userId) ?? "en";
      if (emailAddress) await enqueueEmail(db, notificationEmail(mail, emailAddress, note, language), now);
    }
  }
  return recipients.length;
}

const LIST_LIMIT = 100;

/**
 * The user's own notifications, newest first; those about documents their access lists no longer
 * admit go quiet with the document.
 */
export async function listNotifications(db: Database, actor: Actor): Promise<Notification[]> {
  const rows = await findNotifications(db, { owner: actor }, LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    message: storedMessage(row.message),
    link: row.link,
    documentId: row.documentId,
    read: row.readAt !== null,
    superseded: row.supersededAt !== null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * A row's message as the contracts define it. Rows written before messages were kept have none, and
 * one this version cannot read (written by a newer one) is left out: the English title and body
 * still say it.
 */
function storedMessage(stored: unknown): NotificationMessage | null {
  if (stored === null || stored === undefined) return null;
  const parsed = notificationMessageSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export async function unreadCount(db: Database, actor: Actor): Promise<number> {
  return countNotifications(db, { owner: actor, unread: true });
}

/** Someone else's notification is "not found", like a missing one: ids never leak. */
/** Marking again keeps the first read time and leaves no second entry: nothing changed. */
export async function markRead(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await withTransaction(ctx, actor, async (tx, record) => {
    const row = await findOwnNotification(tx, actor.id, id);
    if (!row) throw notFound("Notification");
    if (row.readAt !== null) return;
    await markNotificationRead(tx, id, ctx.clock.now());
    await record({ action: "Read notification", subjectType: "notification", subjectId: id });
  });
}

/**
 * A request to act is answered once its addressee acts: their review or decision settles the
 * "Review requested" or "Ready for approval" notifications about that document, so the bell does
 * not keep counting work the queues no longer show. Written in the action's transaction, whose
 * activity entry records the action itself.
 */
export async function settleRequests(
  tx: Database,
  { userId, documentId, answered }: { userId: string; documentId: string; answered: "review" | "decision" },
  at: Date,
): Promise<number> {
  // A restarted round asks again with "New version to review": answering it settles that too.
  const asked: NotificationKind = answered === "review" ? "review_requested" : "ready_for_approval";
  return markDocumentNotificationsRead(tx, { userId, documentId, kinds: [asked, "new_version"] }, at);
}

/**
 * Acknowledging a document answers the request to read it and every reminder of that request, so
 * the bell stops counting a duty the "To acknowledge" list no longer shows.
 */
export async function settleAcknowledgementRequests(
  tx: Database,
  { userId, documentId }: { userId: string; documentId: string },
  at: Date,
): Promise<number> {
  const kinds: NotificationKind[] = ["acknowledgement_requested", "acknowledgement_reminder"];
  return markDocumentNotificationsRead(tx, { userId, documentId, kinds }, at);
}

/** The notifications that ask someone to act on a document's review round. */
const REQUEST_KINDS: readonly NotificationKind[] = ["review_requested", "ready_for_approval", "new_version"];

/**
 * A round that ended (a decision, changes requested, or withdrawn) or restarted no longer needs
 * the answers it asked for: every open request about the document is marked superseded ("no
 * longer needed") and leaves the unread count, so the bell never counts work the queues no longer
 * show. `except` keeps the request of whoever ended it, which their answer settles.
 */
export async function supersedeRequests(
  tx: Database,
  { documentId, except }: { documentId: string; except: string | null },
  at: Date,
): Promise<number> {
  return supersedeDocumentNotifications(tx, { documentId, kinds: REQUEST_KINDS, except }, at);
}

export async function markAllRead(ctx: AppContext, actor: Actor): Promise<void> {
  await withTransaction(ctx, actor, async (tx, record) => {
    const read = await markAllNotificationsRead(tx, actor.id, ctx.clock.now());
    await record({
      action: "Read all notifications",
      subjectType: "notification",
      subjectId: null,
      data: { count: read },
    });
  });
}

/**
 * Which preference switches a kind of notification off: requests and reminders to review, or
 * decision alerts. Null: always delivered (the archiving of one's own document is not optional news).
 */
const PREFERENCE_OF_KIND: Record<NotificationKind, keyof NotificationPreferences | null> = {
  review_requested: "reviewReminders",
  new_version: "reviewReminders",
  review_due: "reviewReminders",
  review_reminder: "reviewReminders",
  review_overdue: "approvalAlerts",
  ready_for_approval: "approvalAlerts",
  changes_requested: "approvalAlerts",
  approved: "approvalAlerts",
  rejected: "approvalAlerts",
  review_withdrawn: "approvalAlerts",
  duplicate_archived: null,
  // A document owner's duty under document control: not something a preference turns off.
  periodic_review: null,
  // Being asked to acknowledge is a duty; the reminders to do so follow the reminder switch.
  acknowledgement_requested: null,
  acknowledgement_reminder: "reviewReminders",
  // A colleague addressing one by name: like a request to act, not optional news.
  mentioned: null,
};

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  reviewReminders: true,
  approvalAlerts: true,
  emailAddress: null,
};

interface Recipient {
  userId: string;
  /** Set when this user wants e-mail copies and gave an address. */
  emailAddress: string | null;
}

/** Recipients minus those who switched this kind of notification off. */
async function wantingRecipients(
  db: Database,
  userIds: string[],
  kind: NotificationKind,
): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  const rows = await findPreferences(db, userIds);
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  const preference = PREFERENCE_OF_KIND[kind];
  return userIds.flatMap((userId) => {
    const row = byUser.get(userId);
    if (row && preference !== null && !row[preference]) return [];
    const emailAddress = row?.emailNotifications ? row.emailAddress : null;
    return [{ userId, emailAddress }];
  });
}

export async function getPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  const row = await findPreference(db, userId);
  if (!row) return DEFAULT_PREFERENCES;
  return {
    emailNotifications: row.emailNotifications,
    reviewReminders: row.reviewReminders,
    approvalAlerts: row.approvalAlerts,
    emailAddress: row.emailAddress,
  };
}

export async function updatePreferences(
  ctx: AppContext,
  actor: Actor,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  return withTransaction(ctx, actor, async (tx, record) => {
    const next = { ...(await getPreferences(tx, actor.id)), ...changes };
    await savePreferences(tx, actor.id, next);
    await record({
      action: "Changed notification preferences",
      subjectType: "user",
      subjectId: actor.id,
      data: changes,
    });
    return next;
  });
}
