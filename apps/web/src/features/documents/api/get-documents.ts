import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Document, DocumentStatus } from "@quire/contracts";
import { apiFetchPage } from "@/lib/api-client";
import { lazyShellSchema } from "@/lib/lazy-schema";
import { documentKeys } from "@/lib/query-keys";

// Loaded beside the first request, so zod and the contracts stay out of the page's first code.
const documentSchema = lazyShellSchema((c) => c.documentSchema);

export type DocumentSort = "updated" | "title";

export type DocumentListParams = {
  category?: string;
  status?: DocumentStatus;
  tag?: string;
  owner?: string;
  /** Last updated on or after / on or before these days (YYYY-MM-DD). */
  updatedFrom?: string;
  updatedTo?: string;
  sort: DocumentSort;
  page: number;
  pageSize: number;
};

export type DocumentPage = { items: Document[]; total: number };

export function documentListSearch(params: DocumentListParams): string {
  const search = new URLSearchParams();
  if (params.category) search.set("category", params.category);
  if (params.status) search.set("status", params.status);
  if (params.tag) search.set("tag", params.tag);
  if (params.owner) search.set("owner", params.owner);
  if (params.updatedFrom) search.set("updatedFrom", params.updatedFrom);
  if (params.updatedTo) search.set("updatedTo", params.updatedTo);
  search.set("sort", params.sort);
  search.set("page", String(params.page));
  search.set("pageSize", String(params.pageSize));
  return search.toString();
}

/**
 * GET /api/documents?category=&status=&tag=&owner=&updatedFrom=&updatedTo=&sort=&page=&pageSize=: one page of the documents the user
 * may see; the total for paging comes in X-Total-Count.
 */
export async function getDocuments(params: DocumentListParams): Promise<DocumentPage> {
  const { items, total } = await apiFetchPage(`/api/documents?${documentListSearch(params)}`, documentSchema);
  return { items, total: total !== null && total > 0 ? total : items.length };
}

/** Under documentKeys.all, so every document change refreshes the lists. */
export const documentsQueryOptions = (params: DocumentListParams) =>
  queryOptions({
    queryKey: documentKeys.list(params),
    queryFn: () => getDocuments(params),
  });

export function useDocuments(params: DocumentListParams) {
  return useQuery({ ...documentsQueryOptions(params), placeholderData: keepPreviousData });
}
