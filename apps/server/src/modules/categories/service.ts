import type { Category, CategoryStats } from "@quire/contracts";
import type { AppContext } from "../../context";
import { conflict, notFound } from "../../lib/errors";
import { lookAlike, nameClash } from "../../lib/names";
import type { Level } from "../../policies/access";
import { canAddAtLevel, type Actor } from "../../policies/policy";
import { readAll } from "../../db/read-all";
import { withTransaction, type CommandActor } from "../activity/command";
import { categoryLevelsFor, listableDocumentsWhere } from "../../policies/documents-where";
import { countDocumentsInCategory } from "../documents/count-queries";
import {
  deleteCategoryRow,
  findCategories,
  findCategoriesWithCounts,
  findCategory,
  categoryNames,
  insertCategory,
  lockCategory,
  updateCategoryRow,
  type CategoryRow,
} from "./repository";

export function presentCategory(row: CategoryRow): Category {
  return { id: row.id, name: row.name, description: row.description, icon: row.icon, color: row.color };
}

/** A category with what the actor may do in it, so the upload and edit forms offer only those. */
function withAbilities(row: CategoryRow, actor: Actor, levels: Map<string, Level>): Category {
  return {
    ...presentCategory(row),
    abilities: { addDocuments: canAddAtLevel(actor, levels.get(row.id) ?? "none") },
  };
}

export async function listCategories(ctx: AppContext, actor: Actor): Promise<Category[]> {
  const [rows, levels] = await readAll(ctx.db, [
    () => findCategories(ctx.db, { viewer: actor }),
    () => categoryLevelsFor(ctx.db, actor),
  ]);
  return rows.map((row) => withAbilities(row, actor, levels));
}

export async function getCategory(ctx: AppContext, actor: Actor, id: string): Promise<Category> {
  const [row, levels] = await readAll(ctx.db, [
    () => findCategory(ctx.db, { id, viewer: actor }),
    () => categoryLevelsFor(ctx.db, actor),
  ]);
  if (!row) throw notFound("Category");
  return withAbilities(row, actor, levels);
}

/** Counts only what the actor could list, so the sidebar's numbers match the pages they link to. */
export async function categoryStats(ctx: AppContext, actor: Actor): Promise<CategoryStats[]> {
  const rows = await findCategoriesWithCounts(ctx.db, actor, listableDocumentsWhere(actor));
  return rows.map((r) => ({
    ...presentCategory(r.category),
    count: Number(r.n ?? 0),
    lastUpdated: r.lastUpdated ? new Date(r.lastUpdated as string).toISOString() : null,
  }));
}

async function assertNameFree(ctx: AppContext, name: string, exceptId?: string): Promise<void> {
  const taken = lookAlike(name, await categoryNames(ctx.db), exceptId);
  if (taken) throw conflict(nameClash("category", name, taken.name));
}

export async function createCategory(
  ctx: AppContext,
  by: CommandActor,
  input: Omit<Category, "id">,
): Promise<Category> {
  await assertNameFree(ctx, input.name);
  return withTransaction(ctx, by, async (tx, record) => {
    const row = await insertCategory(tx, input);
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
    const row = await updateCategoryRow(tx, id, input);
    if (!row) throw notFound("Category");
    await record({ action: "Edited category", subjectType: "category", subjectId: id, data: input });
    return presentCategory(row);
  });
}

/** A category that still holds documents (archived ones too) cannot go: they would lose their filing. */
export async function deleteCategory(ctx: AppContext, by: CommandActor, id: string): Promise<void> {
  await withTransaction(ctx, by, async (tx, record) => {
    const row = await lockCategory(tx, id);
    if (!row) throw notFound("Category");
    const n = await countDocumentsInCategory(tx, id);
    if (n > 0)
      throw conflict(
        `The category still holds ${n} document${n === 1 ? "" : "s"}; move them to another category first`,
      );
    await deleteCategoryRow(tx, id);
    await record({
      action: "Deleted category",
      subjectType: "category",
      subjectId: id,
      data: { name: row.name },
    });
  });
}
