import { openApprovalStages } from "@quire/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import {
  approvalReviewers,
  approvals,
  categories,
  categoryGroupAccess,
  comments,
  documentGroupAccess,
  documents,
  documentUserAccess,
  groupMembers,
} from "../db/schema";
import type { AccessActor, CategoryAccessFacts, DocumentAccessFacts } from "./access";
import type { CommentFacts } from "./policy";

/**
 * Loaders for the pure rule's facts. Each reads what one decision needs, with nothing about
 * who asks except in actorGroupIds, so "Who has access" can reuse a document's facts for everyone.
 */

/** The groups a user belongs to now. */
export async function actorGroupIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId));
  return rows.map((r) => r.groupId);
}

/** The groups of each of `userIds` (users in none map to []). */
export async function groupIdsOf(db: Database, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ userId: groupMembers.userId, groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(inArray(groupMembers.userId, [...userIds]));
  for (const r of rows) map.get(r.userId)?.push(r.groupId);
  return map;
}

/** An actor with its current groups, for the pure rule. */
export async function withGroups<A extends { id: string; role: AccessActor["role"] }>(
  db: Database,
  actor: A,
): Promise<A & AccessActor> {
  return { ...actor, groupIds: await actorGroupIds(db, actor.id) };
}

/** A category's access list, or null if there is no such category. */
export async function loadCategoryAccess(
  db: Database,
  categoryId: string,
): Promise<CategoryAccessFacts | null> {
  const [category] = await db
    .select({ everyoneAccess: categories.everyoneAccess })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  if (!category) return null;
  const groups = await db
    .select({ groupId: categoryGroupAccess.groupId, access: categoryGroupAccess.access })
    .from(categoryGroupAccess)
    .where(eq(categoryGroupAccess.categoryId, categoryId));
  return { everyoneAccess: category.everyoneAccess, groups };
}

/** Everything the rule needs about one document, in one query, or null if there is no such document. */
export async function loadAccessFacts(db: Database, documentId: string): Promise<DocumentAccessFacts | null> {
  const result = await db.execute<FactsRow>(sql`
    select d.owner_id, d.status, d.current_version, d.effective_version, d.archived_at is not null as archived, d.category_id, d.restricted,
      c.everyone_access,
      coalesce((select json_agg(x.user_id) from (
        select ${approvals.approverId} as user_id from ${approvals}
        where ${approvals.documentId} = d.id and ${inArray(approvals.stage, [...openApprovalStages])}
        union
        select ${approvalReviewers.reviewerId} from ${approvalReviewers}
        join ${approvals} on ${approvals.id} = ${approvalReviewers.approvalId}
        where ${approvals.documentId} = d.id and ${inArray(approvals.stage, [...openApprovalStages])}) x),
        '[]'::json) as assignee_ids,
      coalesce((select json_agg(${documentUserAccess.userId}) from ${documentUserAccess}
        where ${documentUserAccess.documentId} = d.id), '[]'::json) as shared_user_ids,
      coalesce((select json_agg(${documentGroupAccess.groupId}) from ${documentGroupAccess}
        where ${documentGroupAccess.documentId} = d.id), '[]'::json) as shared_group_ids,
      coalesce((select json_agg(json_build_object('groupId', ${categoryGroupAccess.groupId},
          'access', ${categoryGroupAccess.access}))
        from ${categoryGroupAccess} where ${categoryGroupAccess.categoryId} = d.category_id), '[]'::json)
        as category_groups
    from ${documents} d join ${categories} c on c.id = d.category_id
    where d.id = ${documentId}`);
  const [row] = rowsOf<FactsRow>(result);
  if (!row) return null;
  return {
    ownerId: row.owner_id,
    status: row.status,
    archived: row.archived,
    assigneeIds: jsonArray<string>(row.assignee_ids),
    categoryId: row.category_id,
    category: { everyoneAccess: row.everyone_access, groups: jsonArray(row.category_groups) },
    restricted: row.restricted,
    sharedUserIds: jsonArray<string>(row.shared_user_ids),
    sharedGroupIds: jsonArray<string>(row.shared_group_ids),
    currentVersion: Number(row.current_version),
    effectiveVersion: row.effective_version === null ? null : Number(row.effective_version),
  };
}

type FactsRow = {
  owner_id: string;
  status: DocumentAccessFacts["status"];
  current_version: number | string;
  effective_version: number | string | null;
  archived: boolean;
  category_id: string;
  restricted: boolean;
  everyone_access: DocumentAccessFacts["category"]["everyoneAccess"];
  assignee_ids: unknown;
  shared_user_ids: unknown;
  shared_group_ids: unknown;
  category_groups: unknown;
};

/** A json column as an array: both drivers parse json, but a string is parsed here to be sure. */
function jsonArray<T>(value: unknown): T[] {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

const thread = alias(comments, "thread");

/** One comment of one document, or null if the document has no such comment. */
export async function loadCommentFacts(
  db: Database,
  documentId: string,
  commentId: string,
): Promise<CommentFacts | null> {
  const [row] = await db
    .select({
      authorId: comments.authorId,
      threadId: comments.threadId,
      deletedAt: comments.deletedAt,
      version: comments.version,
      threadAuthorId: thread.authorId,
      threadVersion: thread.version,
    })
    .from(comments)
    .leftJoin(thread, eq(thread.id, comments.threadId))
    .where(and(eq(comments.id, commentId), eq(comments.documentId, documentId)))
    .limit(1);
  if (!row) return null;
  return {
    authorId: row.authorId,
    threadAuthorId: row.threadAuthorId ?? row.authorId,
    isThread: row.threadId === null,
    deleted: row.deletedAt !== null,
    version: Math.max(row.version, row.threadVersion ?? row.version),
  };
}
