import { addDaysTo, REVIEW_DUE_WINDOW_DAYS } from "@quire/contracts";
import { and, asc, eq, isNotNull, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { approvals, categories, documents, users, versions, versionFacts } from "../../db/schema";

/** What the periodic review of one document is computed from. */
export interface ControlRow {
  id: string;
  title: string;
  ownerId: string;
  archived: boolean;
  effectiveVersion: number | null;
  effectiveOn: string | null;
  reviewIntervalMonths: number | null;
  categoryInterval: number | null;
  reviewConfirmedAt: Date | null;
  nextReviewOn: string | null;
  reviewNoticeLevel: number;
}

export async function findControl(db: Database, documentId: string): Promise<ControlRow | null> {
  const [row] = await db
    .select({
      id: documents.id,
      title: documents.title,
      ownerId: documents.ownerId,
      archivedAt: documents.archivedAt,
      effectiveVersion: documents.effectiveVersion,
      effectiveOn: documents.effectiveOn,
      reviewIntervalMonths: documents.reviewIntervalMonths,
      categoryInterval: categories.reviewIntervalMonths,
      reviewConfirmedAt: documents.reviewConfirmedAt,
      nextReviewOn: documents.nextReviewOn,
      reviewNoticeLevel: documents.reviewNoticeLevel,
    })
    .from(documents)
    .innerJoin(categories, eq(categories.id, documents.categoryId))
    .where(eq(documents.id, documentId))
    .limit(1);
  if (!row) return null;
  const { archivedAt, ...rest } = row;
  return { ...rest, archived: archivedAt !== null };
}

export type ControlChanges = Partial<
  Pick<
    typeof documents.$inferInsert,
    | "effectiveVersion"
    | "effectiveAt"
    | "effectiveOn"
    | "reviewIntervalMonths"
    | "reviewConfirmedAt"
    | "nextReviewOn"
    | "reviewNoticeLevel"
  >
>;

export async function updateControl(
  db: Database,
  documentId: string,
  changes: ControlChanges,
): Promise<void> {
  await db.update(documents).set(changes).where(eq(documents.id, documentId));
}

/** The version a round reviewed (what its approval makes effective). */
export async function roundVersion(db: Database, approvalId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: approvals.version })
    .from(approvals)
    .where(eq(approvals.id, approvalId))
    .limit(1);
  return row?.version ?? null;
}

/** The effective version's text, for the suggestions read from its opening lines. */
export async function versionText(db: Database, documentId: string, version: number): Promise<string | null> {
  const [row] = await db
    .select({ content: versions.content })
    .from(versions)
    .where(and(eq(versions.documentId, documentId), eq(versions.version, version)))
    .limit(1);
  return row?.content ?? null;
}

/** The review date processing read from a version's opening lines, if any. */
export async function statedReviewDate(
  db: Database,
  documentId: string,
  version: number,
): Promise<Date | null> {
  const [row] = await db
    .select({ reviewDate: versionFacts.reviewDate })
    .from(versionFacts)
    .innerJoin(versions, eq(versions.id, versionFacts.versionId))
    .where(and(eq(versions.documentId, documentId), eq(versions.version, version)))
    .limit(1);
  return row?.reviewDate ?? null;
}

/** Effective documents of a category that follow its interval (no interval of their own). */
export async function followersOfCategory(db: Database, categoryId: string): Promise<string[]> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.categoryId, categoryId),
        isNotNull(documents.effectiveVersion),
        isNull(documents.reviewIntervalMonths),
      ),
    );
  return rows.map((r) => r.id);
}

/** The category's default review interval; undefined when there is no such category. */
export async function findCategoryInterval(db: Database, categoryId: string) {
  const [row] = await db
    .select({ months: categories.reviewIntervalMonths })
    .from(categories)
    .where(eq(categories.id, categoryId));
  return row;
}

export async function setCategoryInterval(db: Database, categoryId: string, months: number | null) {
  const [row] = await db
    .update(categories)
    .set({ reviewIntervalMonths: months })
    .where(eq(categories.id, categoryId))
    .returning({ id: categories.id, name: categories.name });
  return row ?? null;
}

/** Effective, live documents `where` selects whose review is due within the window or lapsed, soonest first. */
export async function reviewsDue(db: Database, where: SQL, today: string, limit: number) {
  return db
    .select({
      documentId: documents.id,
      title: documents.title,
      owner: users.username,
      ownerId: documents.ownerId,
      effectiveVersion: documents.effectiveVersion,
      nextReviewOn: documents.nextReviewOn,
    })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.ownerId))
    .where(
      and(
        where,
        isNull(documents.archivedAt),
        isNotNull(documents.effectiveVersion),
        isNotNull(documents.nextReviewOn),
        lte(documents.nextReviewOn, addDaysTo(today, REVIEW_DUE_WINDOW_DAYS)),
      ),
    )
    .orderBy(asc(documents.nextReviewOn), asc(documents.id))
    .limit(limit);
}

/** Documents that owe their owner a reminder today (due and not yet told, or lapsed and not yet told). */
export async function reviewsOwingNotice(db: Database, today: string, limit: number) {
  return db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        isNull(documents.archivedAt),
        isNotNull(documents.effectiveVersion),
        isNotNull(documents.nextReviewOn),
        lte(documents.nextReviewOn, addDaysTo(today, REVIEW_DUE_WINDOW_DAYS)),
        lt(
          documents.reviewNoticeLevel,
          sql`case when ${documents.nextReviewOn} < ${today} then 2 else 1 end`,
        ),
      ),
    )
    .orderBy(asc(documents.nextReviewOn), asc(documents.id))
    .limit(limit);
}
