import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import {
  approvalReviewers,
  approvals,
  categories,
  categoryGroupAccess,
  documentGroupAccess,
  documents,
  documentUserAccess,
  groupMembers,
} from "../db/schema";
import type { AccessActor, CategoryAccessFacts, DocumentAccessFacts } from "./access";

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

/** Everything the rule needs about one document, or null if there is no such document. */
export async function loadAccessFacts(db: Database, documentId: string): Promise<DocumentAccessFacts | null> {
  const [doc] = await db
    .select({
      ownerId: documents.ownerId,
      status: documents.status,
      archivedAt: documents.archivedAt,
      categoryId: documents.categoryId,
      restricted: documents.restricted,
    })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  if (!doc) return null;
  const [assignees, sharedUsers, sharedGroups, category] = await Promise.all([
    db.execute<{ user_id: string }>(sql`
      select ${approvals.approverId} as user_id from ${approvals} where ${approvals.documentId} = ${documentId}
      union
      select ${approvalReviewers.reviewerId} from ${approvalReviewers}
      join ${approvals} on ${approvals.id} = ${approvalReviewers.approvalId}
      where ${approvals.documentId} = ${documentId}`),
    db
      .select({ id: documentUserAccess.userId })
      .from(documentUserAccess)
      .where(eq(documentUserAccess.documentId, documentId)),
    db
      .select({ id: documentGroupAccess.groupId })
      .from(documentGroupAccess)
      .where(eq(documentGroupAccess.documentId, documentId)),
    loadCategoryAccess(db, doc.categoryId),
  ]);
  return {
    ownerId: doc.ownerId,
    status: doc.status,
    archived: doc.archivedAt !== null,
    assigneeIds: rowsOf<{ user_id: string }>(assignees).map((r) => r.user_id),
    categoryId: doc.categoryId,
    // The foreign key makes a missing category impossible; none grants nothing if it ever happens.
    category: category ?? { everyoneAccess: "none", groups: [] },
    restricted: doc.restricted,
    sharedUserIds: sharedUsers.map((r) => r.id),
    sharedGroupIds: sharedGroups.map((r) => r.id),
  };
}
