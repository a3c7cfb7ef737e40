import { rowsOf } from "../../db/rows";
import { and, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { approvalReviewers, approvals, documents } from "../../db/schema";
import type { Actor, DocumentFacts } from "../../policies/policy";

/**
 * The SQL twin of policy.canReadDocument for lists (not archived): one query filters a whole
 * list, so a list never shows what a single GET would answer 404 for. Tested against the predicate.
 */
export function listableDocumentsWhere(actor: Actor): SQL {
  const notArchived = isNull(documents.archivedAt);
  if (actor.role === "Admin") return notArchived;
  const assigned = sql`exists (
    select 1 from ${approvals}
    left join ${approvalReviewers} on ${approvalReviewers.approvalId} = ${approvals.id}
    where ${approvals.documentId} = ${documents.id}
      and (${approvals.approverId} = ${actor.id} or ${approvalReviewers.reviewerId} = ${actor.id}))`;
  return and(
    notArchived,
    or(ne(documents.status, "Draft"), eq(documents.ownerId, actor.id), assigned),
  ) as SQL;
}

/** Loads what the policy needs to decide about one document, or null if there is no such document. */
export async function loadDocumentFacts(db: Database, documentId: string): Promise<DocumentFacts | null> {
  const [doc] = await db
    .select({ ownerId: documents.ownerId, status: documents.status, archivedAt: documents.archivedAt })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  if (!doc) return null;
  const assignees = await db.execute<{ user_id: string }>(sql`
    select ${approvals.approverId} as user_id from ${approvals} where ${approvals.documentId} = ${documentId}
    union
    select ${approvalReviewers.reviewerId} from ${approvalReviewers}
    join ${approvals} on ${approvals.id} = ${approvalReviewers.approvalId}
    where ${approvals.documentId} = ${documentId}`);
  return {
    ownerId: doc.ownerId,
    status: doc.status,
    archived: doc.archivedAt !== null,
    assigneeIds: rowsOf<{ user_id: string }>(assignees).map((r) => r.user_id),
  };
}

// Kept while the search module still imports it from here; db/rows.ts is its home.
export { rowsOf } from "../../db/rows";
