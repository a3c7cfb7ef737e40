import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories } from "../../db/schema";
import { visibleCategoriesWhere } from "../../policies/categories-where";
import type { Actor } from "../../policies/policy";
import { documentCountsByCategory } from "../documents/count-queries";

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryValues = Omit<typeof categories.$inferInsert, "id">;

/** Which categories a query may return: the ones `viewer` holds at least view in, or all. */
export interface CategoryFilter {
  id?: string;
  viewer?: Actor;
}

function filterWhere(filter: CategoryFilter): SQL | undefined {
  return and(
    filter.id !== undefined ? eq(categories.id, filter.id) : undefined,
    filter.viewer ? visibleCategoriesWhere(filter.viewer) : undefined,
  );
}

export async function findCategories(db: Database, filter: CategoryFilter = {}): Promise<CategoryRow[]> {
  return db.select().from(categories).where(filterWhere(filter)).orderBy(asc(categories.name));
}

export async function findCategory(
  db: Database,
  filter: CategoryFilter & { id: string },
): Promise<CategoryRow | null> {
  const [row] = await db.select().from(categories).where(filterWhere(filter)).limit(1);
  return row ?? null;
}

export interface CategoryWithCounts {
  category: CategoryRow;
  n: number | null;
  lastUpdated: unknown;
}

/** Each visible category with the count and latest change of the documents `listable` selects. */
export async function findCategoriesWithCounts(
  db: Database,
  viewer: Actor,
  listable: SQL,
): Promise<CategoryWithCounts[]> {
  const counted = documentCountsByCategory(db, listable);
  return db
    .select({ category: categories, n: counted.n, lastUpdated: counted.lastUpdated })
    .from(categories)
    .leftJoin(counted, eq(counted.categoryId, categories.id))
    .where(visibleCategoriesWhere(viewer))
    .orderBy(asc(categories.name));
}

/** Every category's id and name, for comparing a new name with them all (lib/names lookAlike). */
export async function categoryNames(db: Database): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: categories.id, name: categories.name }).from(categories);
}

export async function insertCategory(tx: Database, values: CategoryValues): Promise<CategoryRow> {
  const [row] = await tx.insert(categories).values(values).returning();
  if (!row) throw new Error("category insert returned nothing");
  return row;
}

/** The updated row, or null when there is no such category. */
export async function updateCategoryRow(
  tx: Database,
  id: string,
  values: Partial<CategoryValues>,
): Promise<CategoryRow | null> {
  const [row] = await tx.update(categories).set(values).where(eq(categories.id, id)).returning();
  return row ?? null;
}

/** Locks the category row for the rest of the transaction, or null when there is none. */
export async function lockCategory(tx: Database, id: string): Promise<{ id: string; name: string } | null> {
  const [row] = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.id, id))
    .for("update")
    .limit(1);
  return row ?? null;
}

export async function deleteCategoryRow(tx: Database, id: string): Promise<void> {
  await tx.delete(categories).where(eq(categories.id, id));
}
