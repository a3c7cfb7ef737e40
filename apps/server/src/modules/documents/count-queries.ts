import { count, desc, eq, gte, max, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories, documents, versions } from "../../db/schema";

/** Figures over documents and their versions (categories, the dashboard, Quick Stats), counted by the database. */

/** A subquery: per category, how many documents `where` selects and when the latest changed. */
export function documentCountsByCategory(db: Database, where: SQL) {
  return db
    .select({
      categoryId: documents.categoryId,
      n: count().as("n"),
      lastUpdated: max(documents.updatedAt).as("last_updated"),
    })
    .from(documents)
    .where(where)
    .groupBy(documents.categoryId)
    .as("counted");
}

/** Every document filed in the category, archived ones too. */
export async function countDocumentsInCategory(db: Database, categoryId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.categoryId, categoryId));
  return row?.n ?? 0;
}

/** Totals over the documents `where` selects: all, Drafts, failed processing, changed since `since`. */
export async function documentTotals(
  db: Database,
  where: SQL,
  since: Date,
  status: SQL = sql`${documents.status}`,
): Promise<{ total: number; drafts: number; processingFailed: number; updatedSince: number }> {
  const [row] = await db
    .select({
      total: count(),
      drafts: sql<number>`count(*) filter (where ${status} = 'Draft')`.mapWith(Number),
      processingFailed: sql<number>`count(*) filter (where ${documents.processingState} = 'failed')`.mapWith(
        Number,
      ),
      updatedSince: sql<number>`count(*) filter (where ${gte(documents.updatedAt, since)})`.mapWith(Number),
    })
    .from(documents)
    .where(where);
  return {
    total: row?.total ?? 0,
    drafts: row?.drafts ?? 0,
    processingFailed: row?.processingFailed ?? 0,
    updatedSince: row?.updatedSince ?? 0,
  };
}

/** How many of the documents `where` selects each category holds, most first. */
export async function documentCountsByCategoryName(
  db: Database,
  where: SQL,
): Promise<Array<{ name: string; count: number }>> {
  return db
    .select({ name: categories.name, count: count() })
    .from(documents)
    .innerJoin(categories, eq(categories.id, documents.categoryId))
    .where(where)
    .groupBy(categories.name)
    .orderBy(desc(count()), categories.name);
}

/** How many of the documents `where` selects are in each status, most first. */
export async function documentCountsByStatus(
  db: Database,
  where: SQL,
  status: SQL = sql`${documents.status}`,
): Promise<Array<{ name: string; count: number }>> {
  const name = sql<string>`${status}::text`;
  return (
    db
      .select({ name, count: count() })
      .from(documents)
      .where(where)
      // By position: the expression may carry parameters, which would not match a repeated copy.
      .groupBy(sql`1`)
      .orderBy(desc(count()), sql`1`)
  );
}

/** Every version of the documents `where` selects: how many, and the bytes they take. */
export async function versionTotals(
  db: Database,
  where: SQL,
): Promise<{ versions: number; storageBytes: number }> {
  const [row] = await db
    .select({
      versions: count(),
      storageBytes: sql<number>`coalesce(sum(${versions.size}), 0)`.mapWith(Number),
    })
    .from(versions)
    .innerJoin(documents, eq(documents.id, versions.documentId))
    .where(where);
  return { versions: row?.versions ?? 0, storageBytes: row?.storageBytes ?? 0 };
}
