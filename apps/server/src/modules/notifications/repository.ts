import { and, count, desc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { documents, notifications, userPreferences } from "../../db/schema";
import { accessListsAdmitWhere } from "../../policies/documents-where";
import type { Actor } from "../../policies/policy";

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
export type PreferencesRow = typeof userPreferences.$inferSelect;
export type PreferenceValues = Omit<typeof userPreferences.$inferInsert, "userId">;

/** Whose notifications a query reads: always one user's own, optionally only the unread ones. */
export interface NotificationFilter {
  owner: Actor;
  unread?: boolean;
}

/**
 * The actor's own notifications about documents whose access lists still admit them: access can
 * be taken away after a notification was written, and then it goes quiet with the document.
 */
function ownVisibleNotifications(actor: Actor): SQL {
  return and(
    eq(notifications.userId, actor.id),
    sql`(${notifications.documentId} is null or exists (select 1 from ${documents}
      where ${documents.id} = ${notifications.documentId} and ${accessListsAdmitWhere(actor)}))`,
  ) as SQL;
}

function filterWhere(filter: NotificationFilter): SQL | undefined {
  return and(ownVisibleNotifications(filter.owner), filter.unread ? isNull(notifications.readAt) : undefined);
}

export async function insertNotifications(tx: Database, rows: readonly NewNotificationRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(notifications).values([...rows]);
}

/** Newest first. */
export async function findNotifications(
  db: Database,
  filter: NotificationFilter,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(filterWhere(filter))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countNotifications(db: Database, filter: NotificationFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(filterWhere(filter));
  return row?.n ?? 0;
}

/** The user's own notification (someone else's is null, like a missing one), with its read time. */
export async function findOwnNotification(
  db: Database,
  userId: string,
  id: string,
): Promise<{ readAt: Date | null } | null> {
  const [row] = await db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function markNotificationRead(tx: Database, id: string, at: Date): Promise<void> {
  await tx.update(notifications).set({ readAt: at }).where(eq(notifications.id, id));
}

/** Marks the user's unread notifications of these kinds about one document read; answers how many were. */
export async function markDocumentNotificationsRead(
  tx: Database,
  { userId, documentId, kinds }: { userId: string; documentId: string; kinds: readonly string[] },
  at: Date,
): Promise<number> {
  const read = await tx
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.documentId, documentId),
        inArray(notifications.kind, [...kinds]),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return read.length;
}

/**
 * Marks the unread notifications of these kinds about one document superseded (and read), for
 * everyone but `except`; answers how many were.
 */
export async function supersedeDocumentNotifications(
  tx: Database,
  { documentId, kinds, except }: { documentId: string; kinds: readonly string[]; except: string | null },
  at: Date,
): Promise<number> {
  const superseded = await tx
    .update(notifications)
    .set({ readAt: at, supersededAt: at })
    .where(
      and(
        eq(notifications.documentId, documentId),
        inArray(notifications.kind, [...kinds]),
        isNull(notifications.readAt),
        except === null ? undefined : ne(notifications.userId, except),
      ),
    )
    .returning({ id: notifications.id });
  return superseded.length;
}

/** Marks every unread notification of the user read; answers how many were. */
export async function markAllNotificationsRead(tx: Database, userId: string, at: Date): Promise<number> {
  const read = await tx
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return read.length;
}

export async function findPreferences(db: Database, userIds: readonly string[]): Promise<PreferencesRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(userPreferences)
    .where(inArray(userPreferences.userId, [...userIds]));
}

export async function findPreference(db: Database, userId: string): Promise<PreferencesRow | null> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return row ?? null;
}

export async function savePreferences(tx: Database, userId: string, values: PreferenceValues): Promise<void> {
  await tx
    .insert(userPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPreferences.userId, set: values });
}
