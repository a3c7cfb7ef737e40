import type { documentListQuerySchema } from "@quire/contracts";
import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { documents, users } from "../../db/schema";

type ListQuery = z.infer<typeof documentListQuerySchema>;
/** The filter part of the list's query (bulk actions resolve it without paging). */
export type ListFilter = Pick<
  ListQuery,
  "category" | "autoFiled" | "status" | "tag" | "owner" | "updatedFrom" | "updatedTo"
>;

const DAY_MS = 86_400_000;

/**
 * The All Documents filters as one SQL condition (category, status, tag, owner, updated-between);
 * combined by the route with listableDocumentsWhere, so a filter never widens what may be read.
 */
export function documentListFilter(
  query: ListFilter,
  status: SQL = sql`${documents.status}`,
): SQL | undefined {
  return and(
    query.category ? eq(documents.categoryId, query.category) : undefined,
    query.autoFiled === "awaiting" ? eq(documents.autoFiled, true) : undefined,
    query.status ? sql`${status} = ${query.status}` : undefined,
    query.tag ? sql`${documents.tags} @> ${JSON.stringify([query.tag])}::jsonb` : undefined,
    query.owner
      ? sql`${documents.ownerId} in (select ${users.id} from ${users} where lower(${users.username}) = lower(${query.owner}))`
      : undefined,
    query.updatedFrom ? gte(documents.updatedAt, new Date(`${query.updatedFrom}T00:00:00Z`)) : undefined,
    query.updatedTo
      ? lt(documents.updatedAt, new Date(Date.parse(`${query.updatedTo}T00:00:00Z`) + DAY_MS))
      : undefined,
  );
}
