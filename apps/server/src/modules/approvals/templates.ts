import {
  approvalTemplateSchema,
  defaultApprovalTemplate,
  snapshotStageSchema,
  type ApprovalTemplate,
  type CategoryTemplate,
  type SnapshotStage,
} from "@quire/contracts";
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { approvalTemplates, groups } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import type { LoadedDocument } from "../../policies/guard";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import { findCategory } from "../categories/repository";

/**
 * Each category's approval template: the stages a round there passes through. A round copies its
 * template when it starts (snapshotTemplate), so an edit here reaches only rounds started later.
 */

async function storedTemplate(db: Database, categoryId: string) {
  const [row] = await db.select().from(approvalTemplates).where(eq(approvalTemplates.categoryId, categoryId));
  if (!row) return null;
  // Written only through saveCategoryTemplate, which validates; anything else reads as the default.
  const parsed = approvalTemplateSchema.safeParse({ stages: row.stages });
  return parsed.success ? { template: parsed.data, updatedAt: row.updatedAt } : null;
}

async function groupNames(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(inArray(groups.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The template a round in this category (or in none) would follow now. */
export async function templateFor(db: Database, categoryId: string | null): Promise<ApprovalTemplate> {
  if (!categoryId) return defaultApprovalTemplate;
  return (await storedTemplate(db, categoryId))?.template ?? defaultApprovalTemplate;
}

/** Whether the category follows the default flow (the seed's reviewers and approver fill it). */
export async function usesDefaultTemplate(db: Database, categoryId: string | null): Promise<boolean> {
  return !categoryId || (await storedTemplate(db, categoryId)) === null;
}

/** The round's own copy: the template's stages with their groups' names as they are now. */
export async function snapshotTemplate(db: Database, template: ApprovalTemplate): Promise<SnapshotStage[]> {
  const names = await groupNames(
    db,
    template.stages.flatMap((s) => s.groupIds),
  );
  return template.stages.map((stage) => ({
    ...stage,
    groups: stage.groupIds.map((id) => ({ id, name: names.get(id) ?? "a deleted group" })),
  }));
}

const snapshotSchema = z.array(snapshotStageSchema).min(1);

/** The default flow's copy, as rounds under it keep it (it names no groups). */
export const defaultSnapshot: SnapshotStage[] = defaultApprovalTemplate.stages.map((s) => ({
  ...s,
  groups: [],
}));

/** A round's stored copy, read back (rounds older than templates were given the default's copy). */
export function readSnapshot(stored: unknown): SnapshotStage[] {
  return snapshotSchema.parse(stored);
}

async function presentTemplate(
  db: Database,
  categoryId: string,
  found: Awaited<ReturnType<typeof storedTemplate>>,
): Promise<CategoryTemplate> {
  const template = found?.template ?? defaultApprovalTemplate;
  const names = await groupNames(
    db,
    template.stages.flatMap((s) => s.groupIds),
  );
  return {
    categoryId,
    custom: found !== null,
    template,
    groups: [...names].map(([id, name]) => ({ id, name })),
    updatedAt: found?.updatedAt.toISOString() ?? null,
  };
}

/** The template a submission of this document would follow now (the submit dialog's stages). */
export async function templateForDocument(
  ctx: AppContext,
  target: LoadedDocument,
): Promise<CategoryTemplate> {
  const categoryId = target.facts.categoryId;
  return presentTemplate(ctx.db, categoryId, await storedTemplate(ctx.db, categoryId));
}

export async function getCategoryTemplate(ctx: AppContext, actor: Actor, categoryId: string) {
  const category = await findCategory(ctx.db, { id: categoryId, viewer: actor });
  if (!category) throw notFound("Category");
  return presentTemplate(ctx.db, categoryId, await storedTemplate(ctx.db, categoryId));
}

/**
 * An Admin sets the category's template. Rounds already running keep the copy they started with.
 * Every group named must exist; a count quorum must be reachable by a stage of that many picks.
 */
export async function saveCategoryTemplate(
  ctx: AppContext,
  actor: Actor,
  categoryId: string,
  template: ApprovalTemplate,
): Promise<CategoryTemplate> {
  const category = await findCategory(ctx.db, { id: categoryId, viewer: actor });
  if (!category) throw notFound("Category");
  const names = await groupNames(
    ctx.db,
    template.stages.flatMap((s) => s.groupIds),
  );
  template.stages.forEach((stage, i) => {
    const missing = stage.groupIds.find((id) => !names.has(id));
    if (missing) throw badRequest(`stages.${i}.groupIds: no group has the id ${missing}`);
  });
  const now = ctx.clock.now();
  await withTransaction(
    ctx,
    actor,
    async (tx, record) => {
      await tx
        .insert(approvalTemplates)
        .values({ categoryId, stages: template.stages, updatedAt: now, updatedBy: actor.id })
        .onConflictDoUpdate({
          target: approvalTemplates.categoryId,
          set: { stages: template.stages, updatedAt: now, updatedBy: actor.id },
        });
      await record({
        action: "Approval template changed",
        subjectType: "category",
        subjectId: categoryId,
        comment: template.stages.map((s) => s.name).join(" → "),
        data: { stages: template.stages.length },
      });
    },
    { at: now },
  );
  return presentTemplate(ctx.db, categoryId, await storedTemplate(ctx.db, categoryId));
}

/** The category goes back to the default flow; running rounds keep their copies. */
export async function resetCategoryTemplate(ctx: AppContext, actor: Actor, categoryId: string) {
  const category = await findCategory(ctx.db, { id: categoryId, viewer: actor });
  if (!category) throw notFound("Category");
  await withTransaction(ctx, actor, async (tx, record) => {
    await tx.delete(approvalTemplates).where(eq(approvalTemplates.categoryId, categoryId));
    await record({
      action: "Approval template changed",
      subjectType: "category",
      subjectId: categoryId,
      comment: "the default flow",
    });
  });
  return presentTemplate(ctx.db, categoryId, null);
}
