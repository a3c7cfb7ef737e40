import type { DashboardInsights } from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Actor } from "../../policies/policy";
import { approvalStats } from "../approvals/service";
import { listableDocumentsWhere, readableStatusSql } from "../../policies/documents-where";
import {
  documentCountsByCategoryName,
  documentCountsByStatus,
  documentTotals,
} from "../documents/count-queries";
import { readAll } from "../../db/read-all";

/** The dashboard's figures over exactly the documents the actor may list, counted by the database. */
export async function dashboardInsights(ctx: AppContext, actor: Actor): Promise<DashboardInsights> {
  const visible = listableDocumentsWhere(actor);
  const [totals, byCategory, byStatus, approvals] = await readAll(ctx.db, [
    () => documentTotals(ctx.db, visible, ctx.clock.now(), readableStatusSql(actor)),
    () => documentCountsByCategoryName(ctx.db, visible),
    () => documentCountsByStatus(ctx.db, visible, readableStatusSql(actor)),
    () => approvalStats(ctx, actor),
  ]);
  return {
    total: totals.total,
    drafts: totals.drafts,
    processingFailed: totals.processingFailed,
    approvalRate: approvals.total === 0 ? 0 : Math.round((approvals.approved / approvals.total) * 100),
    byCategory,
    byStatus,
  };
}
