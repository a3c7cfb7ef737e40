import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { activity, approvalReviewers, approvals, documents, users } from "../../db/schema";
import { mayHoldDuty } from "../../policies/policy";

export type ApprovalRow = typeof approvals.$inferSelect;
export type ReviewerRow = typeof approvalReviewers.$inferSelect;
export type ActivityRow = typeof activity.$inferSelect;

/** The latest round of a document; `forUpdate` locks it so concurrent actions run one after another. */
export async function findLatestRound(
  db: Database,
  documentId: string,
  forUpdate = false,
): Promise<ApprovalRow | null> {
  const query = db
    .select()
    .from(approvals)
    .where(eq(approvals.documentId, documentId))
    .orderBy(desc(approvals.round))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function findReviewers(db: Database, approvalIds: readonly string[]): Promise<ReviewerRow[]> {
  if (approvalIds.length === 0) return [];
  return db
    .select()
    .from(approvalReviewers)
    .where(inArray(approvalReviewers.approvalId, [...approvalIds]))
    .orderBy(asc(approvalReviewers.position));
}

export async function findActivity(db: Database, approvalIds: readonly string[]): Promise<ActivityRow[]> {
  if (approvalIds.length === 0) return [];
  return db
    .select()
    .from(activity)
    .where(inArray(activity.approvalId, [...approvalIds]))
    .orderBy(asc(activity.id));
}

export async function usernamesOf(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.username]));
}

export interface AssignableUser {
  id: string;
  username: string;
  role: string;
}

/** Active users with the given ids (roles are checked by the caller, which names the bad id). */
export async function activeUsers(db: Database, ids: readonly string[]): Promise<AssignableUser[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNull(users.disabledAt)));
}

export async function activeUsersWithRole(db: Database, role: string): Promise<AssignableUser[]> {
  return db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(eq(users.role, role), isNull(users.disabledAt)))
    .orderBy(asc(users.username));
}

/**
 * Only the latest round of each document counts for lists and stats, and only while the document
 * is in the workflow: a Draft's last round (decided before a new version, or withdrawn) is history,
 * so the dashboard's Approved and Pending agree with the documents' own statuses.
 */
const isLatestRound = sql`not exists (select 1 from approvals later
  where later.document_id = ${approvals.documentId} and later.round > ${approvals.round})
  and ${documents.status} <> 'Draft'`;

export interface ListedRound {
  approval: ApprovalRow;
  documentTitle: string;
  documentStatus: string;
  ownerId: string;
  owner: string;
}

/** Latest rounds of the documents `visible` selects, most recently changed first. */
export async function listLatestRounds(db: Database, visible: SQL): Promise<ListedRound[]> {
  const rows = await db
    .select({
      approval: approvals,
      documentTitle: documents.title,
      documentStatus: documents.status,
      ownerId: documents.ownerId,
      owner: users.username,
    })
    .from(approvals)
    .innerJoin(documents, eq(documents.id, approvals.documentId))
    .innerJoin(users, eq(users.id, documents.ownerId))
    .where(and(visible, isLatestRound))
    .orderBy(desc(approvals.updatedAt), asc(approvals.id))
    .limit(500);
  return rows;
}

/**
 * Rounds waiting on this user now: a pending review in Awaiting Review while their role may hold
 * the review duty, or the decision in Awaiting Approval while it may hold the approval duty;
 * never on their own document. The SQL twin of refuseReview/refuseDecision and refuseByStanding
 * (policy.ts), whose role rule is the registry's mayHoldDuty.
 */
export function waitingOn(actor: { id: string; role: string }): SQL {
  const notOwner = sql`${documents.ownerId} <> ${actor.id}`;
  const waits: SQL[] = [];
  if (mayHoldDuty(actor.role, "review"))
    waits.push(sql`(${approvals.stage} = 'Awaiting Review' and ${notOwner} and exists (select 1 from approval_reviewers mine
      where mine.approval_id = ${approvals.id} and mine.reviewer_id = ${actor.id} and mine.status = 'Pending'))`);
  if (mayHoldDuty(actor.role, "approve"))
    waits.push(
      sql`(${approvals.stage} = 'Awaiting Approval' and ${notOwner} and ${approvals.approverId} = ${actor.id})`,
    );
  return waits.length > 0 ? sql`(${sql.join(waits, sql` or `)})` : sql`false`;
}

export async function latestRoundStats(
  db: Database,
  visible: SQL,
  actor: { id: string; role: string },
): Promise<{ total: number; pending: number; approved: number; waitingOnYou: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${approvals.stage} in ('Awaiting Review', 'Awaiting Approval')))::int`,
      approved: sql<number>`(count(*) filter (where ${approvals.stage} = 'Approved'))::int`,
      waitingOnYou: sql<number>`(count(*) filter (where ${waitingOn(actor)}))::int`,
    })
    .from(approvals)
    .innerJoin(documents, eq(documents.id, approvals.documentId))
    .where(and(visible, isLatestRound));
  return {
    total: row?.total ?? 0,
    pending: row?.pending ?? 0,
    approved: row?.approved ?? 0,
    waitingOnYou: row?.waitingOnYou ?? 0,
  };
}

export async function highestRound(db: Database, documentId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${approvals.round})` })
    .from(approvals)
    .where(eq(approvals.documentId, documentId));
  return row?.max ?? 0;
}

export type NewApprovalRow = typeof approvals.$inferInsert;
export type ApprovalChanges = Partial<Omit<NewApprovalRow, "id" | "documentId">>;

export async function insertRound(tx: Database, values: NewApprovalRow): Promise<string> {
  const [row] = await tx.insert(approvals).values(values).returning({ id: approvals.id });
  if (!row) throw new Error("approval insert returned nothing");
  return row.id;
}

/** The round's reviewers, all Pending, in the order given (the order they are shown in). */
export async function insertPendingReviewers(
  tx: Database,
  approvalId: string,
  reviewerIds: readonly string[],
  at: Date,
): Promise<void> {
  if (reviewerIds.length === 0) return;
  await tx.insert(approvalReviewers).values(
    reviewerIds.map((reviewerId, position) => ({
      approvalId,
      reviewerId,
      position,
      status: "Pending",
      updatedAt: at,
    })),
  );
}

export async function updateRound(tx: Database, id: string, changes: ApprovalChanges): Promise<void> {
  await tx.update(approvals).set(changes).where(eq(approvals.id, id));
}

export async function updateReview(
  tx: Database,
  key: { approvalId: string; reviewerId: string },
  changes: { status: string; comment: string | null; updatedAt: Date },
): Promise<void> {
  const updated = await tx
    .update(approvalReviewers)
    .set(changes)
    .where(
      and(eq(approvalReviewers.approvalId, key.approvalId), eq(approvalReviewers.reviewerId, key.reviewerId)),
    )
    .returning({ reviewerId: approvalReviewers.reviewerId });
  // The caller checked the assignment under the document's lock, so no row is a broken invariant:
  // fail the transaction rather than answer 200 for a review that was not written.
  if (updated.length !== 1)
    throw new Error(`review of round ${key.approvalId} matched ${updated.length} rows`);
}

/** Documents whose round in Awaiting Review still waits on this reviewer. */
export async function documentsAwaitingReviewer(db: Database, reviewerId: string): Promise<string[]> {
  const rows = await db
    .select({ documentId: approvals.documentId })
    .from(approvalReviewers)
    .innerJoin(approvals, eq(approvals.id, approvalReviewers.approvalId))
    .where(
      and(
        eq(approvalReviewers.reviewerId, reviewerId),
        eq(approvalReviewers.status, "Pending"),
        eq(approvals.stage, "Awaiting Review"),
      ),
    );
  return rows.map((r) => r.documentId);
}

/** Documents with a round in one of `stages` whose approver is this user. */
export async function documentsWithApprover(
  db: Database,
  approverId: string,
  stages: readonly string[],
): Promise<string[]> {
  const rows = await db
    .select({ documentId: approvals.documentId })
    .from(approvals)
    .where(and(eq(approvals.approverId, approverId), inArray(approvals.stage, [...stages])));
  return rows.map((r) => r.documentId);
}

/** Which documents an access change can have touched: one, a category's, or every one (groups). */
export type AccessChangeScope = { documentId: string } | { categoryId: string } | "every";

/**
 * Documents in the scope whose latest round is still open (someone is waited on), by id; `page`
 * reads them a batch at a time (ids after `after`, at most `limit`).
 */
export async function documentsWithOpenRound(
  db: Database,
  scope: AccessChangeScope,
  page?: { after?: string | undefined; limit: number },
): Promise<string[]> {
  const inScope =
    scope === "every"
      ? undefined
      : "documentId" in scope
        ? eq(documents.id, scope.documentId)
        : eq(documents.categoryId, scope.categoryId);
  const after = page?.after === undefined ? undefined : gt(approvals.documentId, page.after);
  const query = db
    .select({ documentId: approvals.documentId })
    .from(approvals)
    .innerJoin(documents, eq(documents.id, approvals.documentId))
    .where(
      and(inArray(approvals.stage, ["Awaiting Review", "Awaiting Approval"]), isLatestRound, inScope, after),
    )
    .orderBy(asc(approvals.documentId));
  // At most one latest round per document, so a page of rounds is a page of documents.
  const rows = page ? await query.limit(page.limit) : await query;
  return [...new Set(rows.map((r) => r.documentId))];
}
