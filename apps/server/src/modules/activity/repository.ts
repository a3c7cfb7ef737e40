import type { ActivityAction, AuditEntry } from "@quire/contracts";
import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { activity, categories, documents, groups, users } from "../../db/schema";
import { readAll } from "../../db/read-all";

/**
 * What a change names about itself (the command helper adds who, from where and when): the
 * contract's list, so an entry's kind is always one the audit's filter offers.
 */
export type SubjectType = AuditEntry["subjectType"];

export interface ActivityInput {
  /** What happened, as a person reads it: "Uploaded", "Review Approved", "Changed role". */
  action: ActivityAction;
  subjectType: SubjectType;
  subjectId: string | null;
  /** Set when the change concerns a document, so its history is one indexed read. */
  documentId?: string | null;
  approvalId?: string | null;
  comment?: string | null;
  /** Facts worth keeping beside the action (old and new values, names); never secrets. */
  data?: Record<string, unknown> | null;
}

export interface ActivityAuthor {
  userId: string | null;
  /** The system actor (then userId is null). */
  system?: boolean;
  ip: string | null;
  at: Date;
}

/** The only writer of the activity table: entries are appended, never changed. */
export async function appendActivity(tx: Database, entry: ActivityInput, by: ActivityAuthor): Promise<void> {
  await tx.insert(activity).values({
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    documentId: entry.documentId ?? (entry.subjectType === "document" ? entry.subjectId : null),
    approvalId: entry.approvalId ?? null,
    comment: entry.comment ?? null,
    data: entry.data ?? null,
    userId: by.userId,
    systemActor: by.system ?? false,
    ip: by.ip,
    createdAt: by.at,
  });
}

/**
 * Repeated reads of one document by one person within this window are one entry: a page
 * refresh, a live update refetching the document or pdf.js asking for the file again would
 * otherwise flood the trail with copies that tell an auditor nothing new.
 */
export const READ_COALESCE_MS = 10 * 60_000;

/** A read worth auditing (a view, a download, an export): always about one document. */
export interface ReadInput {
  action: ActivityAction;
  documentId: string;
  /** Part of what makes two reads the same (a download's version): compared as a whole. */
  data?: Record<string, unknown> | null;
}

/**
 * Appends a read in one statement, unless the same person made the same read (action, document,
 * data) within READ_COALESCE_MS: the check and the insert are one INSERT … SELECT … WHERE NOT
 * EXISTS, served by the document index. Two reads racing in the same instant may both land; an
 * extra entry is harmless, a lock on a read path is not. Returns whether an entry was written.
 */
export async function appendReadOnce(tx: Database, entry: ReadInput, by: ActivityAuthor): Promise<boolean> {
  const data = entry.data ? JSON.stringify(entry.data) : null;
  const since = new Date(by.at.getTime() - READ_COALESCE_MS).toISOString();
  const result = await tx.execute(sql`
    insert into activity (subject_type, subject_id, document_id, action, user_id, data, ip, created_at)
    select 'document', ${entry.documentId}, ${entry.documentId}, ${entry.action}, ${by.userId},
      ${data}::jsonb, ${by.ip}, ${by.at.toISOString()}::timestamptz
    where not exists (
      select 1 from activity
      where document_id = ${entry.documentId}
        and created_at > ${since}::timestamptz
        and action = ${entry.action}
        and user_id is not distinct from ${by.userId}
        and data is not distinct from ${data}::jsonb
    )
    returning id`);
  return rowsOf(result).length > 0;
}

export interface ActivityFilter {
  subjectType?: SubjectType | undefined;
  userId?: string | undefined;
  /** Only the system actor's entries. */
  system?: boolean | undefined;
  documentId?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function whereOf(filter: ActivityFilter): SQL | undefined {
  return and(
    filter.subjectType ? eq(activity.subjectType, filter.subjectType) : undefined,
    filter.userId ? eq(activity.userId, filter.userId) : undefined,
    filter.system ? eq(activity.systemActor, true) : undefined,
    filter.documentId ? eq(activity.documentId, filter.documentId) : undefined,
    // A literal substring: the user's text is a parameter and its % and _ are escaped.
    filter.action
      ? sql`${activity.action} ilike ${`%${filter.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
    filter.from ? gte(activity.createdAt, filter.from) : undefined,
    filter.to ? lte(activity.createdAt, filter.to) : undefined,
  );
}

export type ActivityRecord = typeof activity.$inferSelect & {
  username: string | null;
  documentTitle: string | null;
  /** The category's, user's or group's current name when the entry is about one. */
  subjectName: string | null;
};

const subjectUsers = alias(users, "subject_users");

/** Newest first, with the acting user's name, the document's title and the subject's name joined in. */
export async function findActivity(
  db: Database,
  filter: ActivityFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ActivityRecord[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [counted]] = await readAll(db, [
    () =>
      db
        .select({
          entry: activity,
          username: users.username,
          documentTitle: documents.title,
          categoryName: categories.name,
          subjectUsername: subjectUsers.username,
          groupName: groups.name,
        })
        .from(activity)
        .leftJoin(users, eq(users.id, activity.userId))
        .leftJoin(documents, eq(documents.id, activity.documentId))
        .leftJoin(
          categories,
          and(eq(activity.subjectType, "category"), eq(categories.id, activity.subjectId)),
        )
        .leftJoin(
          subjectUsers,
          and(eq(activity.subjectType, "user"), eq(subjectUsers.id, activity.subjectId)),
        )
        .leftJoin(groups, and(eq(activity.subjectType, "group"), eq(groups.id, activity.subjectId)))
        .where(where)
        // By time: imports and the demo's history are written backdated, out of id order.
        .orderBy(desc(activity.createdAt), desc(activity.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(activity).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r.entry,
      username: r.username,
      documentTitle: r.documentTitle,
      subjectName: r.categoryName ?? r.subjectUsername ?? r.groupName,
    })),
    total: counted?.n ?? 0,
  };
}

/**
 * The current names of the people, groups and categories among `ids` (an audit page's or an
 * export batch's; three indexed reads however many entries): ids of deleted ones are left out.
 */
export async function namesOf(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const list = [...new Set(ids)];
  const [people, teams, folders] = await readAll(db, [
    () => db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, list)),
    () => db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, list)),
    () =>
      db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.id, list)),
  ]);
  for (const row of [...people, ...teams, ...folders]) names.set(row.id, row.name);
  return names;
}
