import type { DocumentStats } from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Actor } from "../../policies/policy";
import { and, lte } from "drizzle-orm";
import { versions } from "../../db/schema";
import { listableDocumentsWhere, readableVersionSql } from "../../policies/documents-where";
import { documentTotals, versionTotals } from "./count-queries";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Quick Stats over exactly the documents the actor may list, counted by the database. */
export async function documentStats(ctx: AppContext, actor: Actor): Promise<DocumentStats> {
  const visible = listableDocumentsWhere(actor);
  const weekAgo = new Date(ctx.clock.now().getTime() - WEEK_MS);
  const docs = await documentTotals(ctx.db, visible, weekAgo);
  // A reader held to the effective version counts the versions they can open, not the revision's.
  const stored = await versionTotals(ctx.db, and(visible, lte(versions.version, readableVersionSql(actor)))!);
  return {
    total: docs.total,
    updatedThisWeek: docs.updatedSince,
    versions: stored.versions,
    storageBytes: stored.storageBytes,
  };
}
