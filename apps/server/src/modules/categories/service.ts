import type { Category, CategoryStats } from "@quire/contracts";
import { and, asc, count, eq, max, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import { categories, documents } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import type { Actor } from "../../policies/policy";
import { withTransaction, type CommandActor } from "../activity/command";
import { categoryLevelAtLeast, listableDocumentsWhere } from "../../policies/documents-where";

type CategoryRow = typeof categories.$inferSelect;

export function presentCategory(row: CategoryRow): Category {
  return { id: row.id, name: row.name, description: row.description, icon: row.icon, color: row.color };
}

/**
 * Categories the actor holds at least view in (Admins: all). A category whose access list leaves
 * someone out is not shown to them at all, like its documents; unseen answers 404.
 */
function visibleCategoriesWhere(actor: Actor): SQL {
  return actor.role === "Admin" ? sql`true` : categoryLevelAtLeast(actor.id, sql`${categories.id}`, "view");
}

export async function listCategories(ctx: AppContext, actor: Actor): Promise<Category[]> {
  const rows = await ctx.db
    .select()
    .from(categories)
    .where(visibleCategoriesWhere(actor))
    .orderBy(asc(categories.name));
  return rows.map(presentCategory);
}

export async function getCategory(ctx: AppContext, actor: Actor, id: string): Promise<Category> {
  const [row] = await ctx.db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), visibleCategoriesWhere(actor)))
    .limit(1);
  if (!row) throw notFound("Category");
  return presentCategory(row);
}

/** Counts only what the actor could list, so the sidebar's numbers match the pages they link to. */
export async function categoryStats(ctx: AppContext, actor: Actor): Promise<CategoryStats[]> {
  const counted = ctx.db
    .select({
      categoryId: documents.categoryId,
      n: count().as("n"),
      lastUpdated: max(documents.updatedAt).as("last_updated"),
    })
    .from(documents)
    .where(listableDocumentsWhere(actor))
    .groupBy(documents.categoryId)
    .as("counted");
  const rows = await ctx.db
    .select({ category: categories, n: counted.n, lastUpdated: counted.lastUpdated })
    .from(categories)
    .leftJoin(counted, eq(counted.categoryId, categories.id))
    .where(visibleCategoriesWhere(actor))
    .orderBy(asc(categories.name));
  return rows.map((r) => ({
    ...presentCategory(r.category),
    count: Number(r.n ?? 0),
    lastUpdated: r.lastUpdated ? new Date(r.lastUpdated as unknown as string).toISOString() : null,
  }));
}

async function assertNameFree(ctx: AppContext, name: string, exceptId?: string): Promise<void> {
  const [row] = await ctx.db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`)
    .limit(1);
  if (row && row.id !== exceptId) throw conflict(`A category named '${name}' already exists`);
}

export async function createCategory(
  ctx: AppContext,
  by: CommandActor,
  input: Omit<Category, "id">,
): Promise<Category> {
  await assertNameFree(ctx, input.name);
  return withTransaction(ctx, by, async (tx, record) => {
    const [row] = await tx.insert(categories).values(input).returning();
    if (!row) throw new Error("category insert returned nothing");
    await record({ action: "Created category", subjectType: "category", subjectId: row.id, data: input });
    return presentCategory(row);
  });
}

export async function updateCategory(
  ctx: AppContext,
  by: CommandActor,
  id: string,
  input: Partial<Omit<Category, "id">>,
): Promise<Category> {
  if (input.name) await assertNameFree(ctx, input.name, id);
  return withTransaction(ctx, by, async (tx, record) => {
    const [row] = await tx.update(categories).set(input).where(eq(categories.id, id)).returning();
    if (!row) throw notFound("Category");
    await record({ action: "Edited category", subjectType: "category", subjectId: id, data: input });
    return presentCategory(row);
  });
}

/** A category that still holds documents (archived ones too) cannot go: they would lose their filing. */
export async function deleteCategory(ctx: AppContext, by: CommandActor, id: string): Promise<void> {
  await withTransaction(ctx, by, async (tx, record) => {
    const [row] = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.id, id))
      .for("update")
      .limit(1);
    if (!row) throw notFound("Category");
    const [held] = await tx.select({ n: count() }).from(documents).where(eq(documents.categoryId, id));
    const n = held?.n ?? 0;
    if (n > 0)
      throw conflict(
        `The category still holds ${n} document${n === 1 ? "" : "s"}; move them to another category first`,
      );
    await tx.delete(categories).where(eq(categories.id, id));
    await record({
      action: "Deleted category",
      subjectType: "category",
      subjectId: id,
      data: { name: row.name },
    });
  });
}
