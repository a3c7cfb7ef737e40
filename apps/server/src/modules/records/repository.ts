import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { approvalRecords, approvalReviewers, approvals, documents, users, versions } from "../../db/schema";

/** Reads and the one write of the approval records: rows are appended, never changed. */

export type RecordRow = typeof approvalRecords.$inferSelect;

export async function insertRecord(tx: Database, row: typeof approvalRecords.$inferInsert): Promise<void> {
  await tx.insert(approvalRecords).values(row);
}

/** What a decision's record says about its round: the round, the version's text and original, the seat. */
export async function decisionFacts(tx: Database, approvalId: string, signerId: string) {
  const [round] = await tx
    .select({
      documentId: approvals.documentId,
      round: approvals.round,
      version: approvals.version,
      template: approvals.template,
    })
    .from(approvals)
    .where(eq(approvals.id, approvalId));
  if (!round) return null;
  const [[version], [seat]] = await Promise.all([
    tx
      .select({ blobSha256: versions.blobSha256, content: versions.content })
      .from(versions)
      .where(and(eq(versions.documentId, round.documentId), eq(versions.version, round.version))),
    tx
      .select({ onBehalfOf: approvalReviewers.onBehalfOf })
      .from(approvalReviewers)
      .where(and(eq(approvalReviewers.approvalId, approvalId), eq(approvalReviewers.reviewerId, signerId))),
  ]);
  if (!version) return null;
  return { ...round, ...version, onBehalfOf: seat?.onBehalfOf ?? null };
}

export async function usernames(tx: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** The document's rounds, newest first, each with its signed records oldest first. */
export async function roundsWithRecords(db: Database, documentId: string) {
  const [rounds, records] = await Promise.all([
    db
      .select({
        id: approvals.id,
        round: approvals.round,
        version: approvals.version,
        stage: approvals.stage,
      })
      .from(approvals)
      .where(eq(approvals.documentId, documentId))
      .orderBy(desc(approvals.round)),
    db
      .select()
      .from(approvalRecords)
      .where(eq(approvalRecords.documentId, documentId))
      .orderBy(asc(approvalRecords.signedAt), asc(approvalRecords.createdAt)),
  ]);
  return rounds.map((round) => ({ ...round, records: records.filter((r) => r.approvalId === round.id) }));
}

export async function documentTitle(db: Database, documentId: string): Promise<string> {
  const [row] = await db
    .select({ title: documents.title })
    .from(documents)
    .where(eq(documents.id, documentId));
  return row?.title ?? "";
}
