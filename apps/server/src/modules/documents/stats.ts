import type { DocumentStats } from "@quire/contracts";
import { count, eq, gte, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { documents, versions } from "../../db/schema";
import type { Actor } from "../../policies/policy";
import { listableDocumentsWhere } from "../../policies/documents-where";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Quick Stats over exactly the documents the actor may list, counted by the database. */
export async function documentStats(ctx: AppContext, actor: Actor): Promise<DocumentStats> {
  const visible = listableDocumentsWhere(actor);
  const weekAgo = new Date(ctx.clock.now().getTime() - WEEK_MS);
  const [docRow] = await ctx.db
    .select({
      total: count(),
      updatedThisWeek: sql<number>`count(*) filter (where ${gte(documents.updatedAt, weekAgo)})`.mapWith(
        Number,
      ),
    })
    .from(documents)
    .where(visible);
  const [versionRow] = await ctx.db
    .select({
      versions: count(),
      storageBytes: sql<number>`coalesce(sum(${versions.size}), 0)`.mapWith(Number),
    })
    .from(versions)
    .innerJoin(documents, eq(documents.id, versions.documentId))
    .where(visible);
  return {
    total: docRow?.total ?? 0,
    updatedThisWeek: docRow?.updatedThisWeek ?? 0,
    versions: versionRow?.versions ?? 0,
    storageBytes: versionRow?.storageBytes ?? 0,
  };
}
