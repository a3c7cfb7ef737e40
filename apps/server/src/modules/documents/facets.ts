import { FACET_LIMIT, type DocumentFacets, type FacetValue } from "@quire/contracts";
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { readAll } from "../../db/read-all";
import { rowsOf } from "../../db/rows";
import { documents, users } from "../../db/schema";
import { listableDocumentsWhere } from "../../policies/documents-where";
import type { Actor } from "../../policies/policy";

/** The tags of the documents `where` selects, most used first (then by name), counted by the database. */
async function tagCounts(db: Database, where: SQL): Promise<FacetValue[]> {
  const result = await db.execute(sql`
    select t.tag as value, count(*)::int as count
    from ${documents} cross join lateral jsonb_array_elements_text(${documents.tags}) as t(tag)
    where ${where}
    group by t.tag
    order by count(*) desc, t.tag
    limit ${FACET_LIMIT}`);
  return rowsOf<{ value: string; count: number | string }>(result).map((r) => ({
    value: r.value,
    count: Number(r.count),
  }));
}

/** The owners of the documents `where` selects, by username, most documents first. */
async function ownerCounts(db: Database, where: SQL): Promise<FacetValue[]> {
  const uses = sql<number>`count(*)`.mapWith(Number);
  return db
    .select({ value: users.username, count: uses })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.ownerId))
    .where(where)
    .groupBy(users.username)
    .orderBy(desc(uses), users.username)
    .limit(FACET_LIMIT);
}

/**
 * The Tag and Owner filters' suggestions, over exactly the documents the actor may list, so a
 * suggestion never names a tag or owner of a document they cannot see.
 */
export async function documentFacets(ctx: AppContext, actor: Actor): Promise<DocumentFacets> {
  const visible = listableDocumentsWhere(actor);
  const [tags, owners] = await readAll(ctx.db, [
    () => tagCounts(ctx.db, visible),
    () => ownerCounts(ctx.db, visible),
  ]);
  return { tags, owners };
}
