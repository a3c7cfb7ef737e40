import type { DashboardInsights } from "@quire/contracts";
import { count, desc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { categories, documents } from "../../db/schema";
import type { Actor } from "../../policies/policy";
import { approvalStats } from "../approvals/service";
import { listableDocumentsWhere } from "../../policies/documents-where";

/** The dashboard's figures over exactly the documents the actor may list, counted by the database. */
export async function dashboardInsights(ctx: AppContext, actor: Actor): Promise<DashboardInsights> {
  const visible = listableDocumentsWhere(actor);
  const [totals, byCategory, byStatus, approvals] = await Promise.all([
    ctx.db
      .select({
        total: count(),
        drafts: sql<number>`count(*) filter (where ${documents.status} = 'Draft')`.mapWith(Number),
        processingFailed:
          sql<number>`count(*) filter (where ${documents.processingState} = 'failed')`.mapWith(Number),
      })
      .from(documents)
      .where(visible),
    ctx.db
      .select({ name: categories.name, count: count() })
      .from(documents)
      .innerJoin(categories, eq(categories.id, documents.categoryId))
      .where(visible)
      .groupBy(categories.name)
      .orderBy(desc(count()), categories.name),
    ctx.db
      .select({ name: sql<string>`${documents.status}::text`, count: count() })
      .from(documents)
      .where(visible)
      .groupBy(documents.status)
      .orderBy(desc(count()), documents.status),
    approvalStats(ctx, actor),
  ]);
  const row = totals[0];
  return {
    total: row?.total ?? 0,
    drafts: row?.drafts ?? 0,
    processingFailed: row?.processingFailed ?? 0,
    approvalRate: approvals.total === 0 ? 0 : Math.round((approvals.approved / approvals.total) * 100),
    byCategory,
    byStatus,
  };
}
