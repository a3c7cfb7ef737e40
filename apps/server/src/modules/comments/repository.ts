import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { commentMentions, comments, documents, users, versions } from "../../db/schema";

/** Reads and writes of comments and whom they mention; a comment's row is kept once written. */

export type CommentRow = typeof comments.$inferSelect;
export type NewComment = typeof comments.$inferInsert;

/** A comment with the names the API shows: its author's, and who resolved its thread. */
export type CommentWithNames = CommentRow & { author: string; resolvedByName: string | null };

/** A document holds at most this many comments in one answer (threads and replies, oldest first). */
const DOCUMENT_COMMENT_LIMIT = 2_000;

const resolver = alias(users, "resolver");

const withNames = {
  comment: comments,
  author: users.username,
  resolvedByName: resolver.username,
};

function named(rows: Array<{ comment: CommentRow; author: string; resolvedByName: string | null }>) {
  return rows.map((r): CommentWithNames => ({
    ...r.comment,
    author: r.author,
    resolvedByName: r.resolvedByName,
  }));
}

/** Every comment of a document, oldest first. */
export async function documentComments(db: Database, documentId: string): Promise<CommentWithNames[]> {
  const rows = await db
    .select(withNames)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .leftJoin(resolver, eq(resolver.id, comments.resolvedBy))
    .where(eq(comments.documentId, documentId))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(DOCUMENT_COMMENT_LIMIT);
  return named(rows);
}

/** One thread: its first comment and its replies, oldest first. */
export async function threadComments(db: Database, threadId: string): Promise<CommentWithNames[]> {
  const rows = await db
    .select(withNames)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .leftJoin(resolver, eq(resolver.id, comments.resolvedBy))
    .where(or(eq(comments.id, threadId), eq(comments.threadId, threadId)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return named(rows);
}

export async function findComment(db: Database, id: string): Promise<CommentRow | null> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return row ?? null;
}

export async function insertComment(tx: Database, values: NewComment): Promise<CommentRow> {
  const [row] = await tx.insert(comments).values(values).returning();
  if (!row) throw new Error("comment insert returned nothing");
  return row;
}

export async function updateCommentBody(tx: Database, id: string, body: string, at: Date): Promise<void> {
  await tx.update(comments).set({ body, editedAt: at }).where(eq(comments.id, id));
}

/** Keeps the row (its thread still reads in order) without its text. */
export async function markCommentDeleted(tx: Database, id: string, at: Date): Promise<void> {
  await tx.update(comments).set({ body: null, deletedAt: at }).where(eq(comments.id, id));
}

/**
 * Resolves (`by` set) or reopens (`by` null) a thread; answers whether it changed, so resolving a
 * resolved thread, or two people resolving at once, changes it once.
 */
export async function setThreadResolved(
  tx: Database,
  threadId: string,
  by: { userId: string; at: Date } | null,
): Promise<boolean> {
  const rows = await tx
    .update(comments)
    .set(by ? { resolvedAt: by.at, resolvedBy: by.userId } : { resolvedAt: null, resolvedBy: null })
    .where(
      and(
        eq(comments.id, threadId),
        by ? isNull(comments.resolvedAt) : sql`${comments.resolvedAt} is not null`,
      ),
    )
    .returning({ id: comments.id });
  return rows.length > 0;
}

/** Records whom a comment mentions; answers those it did not mention before. */
export async function insertMentions(
  tx: Database,
  commentId: string,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .insert(commentMentions)
    .values(userIds.map((userId) => ({ commentId, userId })))
    .onConflictDoNothing()
    .returning({ userId: commentMentions.userId });
  return rows.map((r) => r.userId);
}

/** The usernames each comment mentions, in name order. */
export async function mentionsOf(
  db: Database,
  commentIds: readonly string[],
): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (commentIds.length === 0) return map;
  const rows = await db
    .select({ commentId: commentMentions.commentId, username: users.username })
    .from(commentMentions)
    .innerJoin(users, eq(users.id, commentMentions.userId))
    .where(inArray(commentMentions.commentId, [...commentIds]))
    .orderBy(asc(users.username));
  for (const r of rows) map.set(r.commentId, [...(map.get(r.commentId) ?? []), r.username]);
  return map;
}

/** Active users whose usernames match `names` regardless of case. */
export async function activeUsersNamed(
  db: Database,
  names: readonly string[],
): Promise<Array<{ id: string; username: string; role: string }>> {
  if (names.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(
      and(
        isNull(users.disabledAt),
        inArray(
          sql`lower(${users.username})`,
          names.map((n) => n.toLowerCase()),
        ),
      ),
    );
}

/** The users of `ids`, with their roles. */
export async function usersByIds(
  db: Database,
  ids: readonly string[],
): Promise<Array<{ id: string; username: string; role: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.username));
}

export async function documentTitle(db: Database, documentId: string): Promise<string> {
  const [row] = await db
    .select({ title: documents.title })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  return row?.title ?? "";
}

/** The text of one version of a document, or null if there is no such version. */
export async function versionText(db: Database, documentId: string, version: number): Promise<string | null> {
  const [row] = await db
    .select({ content: versions.content })
    .from(versions)
    .where(and(eq(versions.documentId, documentId), eq(versions.version, version)))
    .limit(1);
  return row?.content ?? null;
}
