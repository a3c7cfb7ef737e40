import { type SQL, and, asc, desc, gt, gte, inArray, isNull, lte, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { activity, approvalReviewers, approvals, documents, users } from "../../db/schema";
import { readableStatusSql, readableVersionSql } from "../../policies/documents-where";

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

/** The latest round on a version no later than `version`: the one a reader of that version may see. */
export async function findLatestRoundUpTo(
  db: Database,
  documentId: string,
  version: number,
): Promise<ApprovalRow | null> {
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.documentId, documentId), lte(approvals.version, version)))
    .orderBy(desc(approvals.round))
    .limit(1);
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

/**
 * The latest round as `actor` may know it: a reader held to the effective version (a revision in
 * draft or review that is not theirs) sees the round that approved it, not the revision's, whose
 * version, reviewers and comments they may not read (readableVersionSql is the registry's rule).
 */
function latestRoundFor(actor: { id: string; role: string }): SQL {
  const readable = readableVersionSql(actor);
  return sql`${approvals.version} <= ${readable}
  and not exists (select 1 from approvals later
    where later.document_id = ${approvals.documentId} and later.round > ${approvals.round}
      and later.version <= ${readable})
  and ${readableStatusSql(actor)} <> 'Draft'`;
}

export interface ListedRound {
  approval: ApprovalRow;
  documentTitle: string;
  documentStatus: string;
  ownerId: string;
  owner: string;
}

/** Latest rounds of the documents `visible` selects, most recently changed first. */
export async function listLatestRounds(
  db: Database,
  visible: SQL,
  actor: { id: string; role: string },
): Promise<ListedRound[]> {
  const rows = await db
    .select({
      approval: approvals,
      documentTitle: documents.title,
      documentStatus: sql<string>`${readableStatusSql(actor)}`,
      ownerId: documents.ownerId,
      owner: users.username,
    })
    .from(approvals)
    .innerJoin(documents, eq(documents.id, approvals.documentId))
    .innerJoin(users, eq(users.id, documents.ownerId))
    .where(and(visible, latestRoundFor(actor)))
    .orderBy(desc(approvals.updatedAt), asc(approvals.id))
    .limit(500);
  return rows;
}

/**
 * Rounds waiting on this user now: a Pending seat at the round's open stage, never on their own
 * document. The SQL twin of refuseStagedDecision (policy.ts); a seat whose holder left its pool
 * (a role change, a group left) ends its round (rounds.ts), so a Pending seat still stands.
 */
export function waitingOn(actor: { id: string; role: string }): SQL {
  return sql`(${approvals.stage} in ('Awaiting Review', 'Awaiting Approval')
    and ${documents.ownerId} <> ${actor.id}
    and exists (select 1 from approval_reviewers mine
      where mine.approval_id = ${approvals.id} and mine.reviewer_id = ${actor.id}
        and mine.status = 'Pending' and mine.stage_index = ${approvals.step}))`;
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
    .where(and(visible, latestRoundFor(actor)));
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

/** A place in a round: who sits there, at which stage, for which group or absent colleague. */
export interface NewSeat {
  userId: string;
  stage: number;
  groupId?: string | null;
  onBehalfOf?: string | null;
}

/** The round's seats, all Pending, in the order given (the order they are shown in). */
export async function insertSeats(
  tx: Database,
  approvalId: string,
  seats: readonly NewSeat[],
  at: Date,
): Promise<void> {
  if (seats.length === 0) return;
  await tx.insert(approvalReviewers).values(
    seats.map((seat, position) => ({
      approvalId,
      reviewerId: seat.userId,
      position,
      status: "Pending",
      stageIndex: seat.stage,
      groupId: seat.groupId ?? null,
      onBehalfOf: seat.onBehalfOf ?? null,
      updatedAt: at,
    })),
  );
}

/** A seat passes to the colleague acting for its holder while they are out of office. */
export async function delegateSeat(
  tx: Database,
  key: { approvalId: string; reviewerId: string },
  delegateId: string,
  at: Date,
): Promise<void> {
  await tx
    .update(approvalReviewers)
    .set({ reviewerId: delegateId, onBehalfOf: key.reviewerId, updatedAt: at })
    .where(
      and(eq(approvalReviewers.approvalId, key.approvalId), eq(approvalReviewers.reviewerId, key.reviewerId)),
    );
}

export async function updateRound(tx: Database, id: string, changes: ApprovalChanges): Promise<void> {
  await tx.update(approvals).set(changes).where(eq(approvals.id, id));
}

export async function updateReview(
  tx: Database,
  key: { approvalId: string; reviewerId: string },
  changes: { status: string; comment?: string | null; updatedAt: Date },
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

/** This user's Pending seats at or after the open stage of open rounds, with the round's template copy. */
export async function openSeatsOf(db: Database, userId: string) {
  return db
    .select({
      documentId: approvals.documentId,
      template: approvals.template,
      stageIndex: approvalReviewers.stageIndex,
      groupId: approvalReviewers.groupId,
    })
    .from(approvalReviewers)
    .innerJoin(approvals, eq(approvals.id, approvalReviewers.approvalId))
    .where(
      and(
        eq(approvalReviewers.reviewerId, userId),
        eq(approvalReviewers.status, "Pending"),
        gte(approvalReviewers.stageIndex, approvals.step),
        inArray(approvals.stage, ["Awaiting Review", "Awaiting Approval"]),
      ),
    );
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
