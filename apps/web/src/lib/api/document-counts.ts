import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Document, DocumentStatus } from "@quire/contracts";
import { throwIfResNotOk } from "@/lib/api-client";

/**
 * GET /api/documents?pageSize=1[&status=]: how many documents the user may see, read from
 * X-Total-Count so no page of documents has to travel just to be counted.
 */
export async function getDocumentCount(status?: DocumentStatus): Promise<number> {
  const search = new URLSearchParams({ page: "1", pageSize: "1" });
  if (status) search.set("status", status);
  const res = await fetch(`/api/documents?${search.toString()}`, { credentials: "include" });
  await throwIfResNotOk(res);
  const items = (await res.json()) as Document[];
  const header = Number(res.headers.get("x-total-count"));
  return Number.isFinite(header) && res.headers.has("x-total-count") ? header : items.length;
}

/** Under ["/api/documents"], so every document change refreshes the count. */
export const documentCountQueryOptions = (status?: DocumentStatus) =>
  queryOptions({
    queryKey: ["/api/documents", "count", status ?? "all"] as const,
    queryFn: () => getDocumentCount(status),
  });

export function useDocumentCount(status?: DocumentStatus) {
  return useQuery(documentCountQueryOptions(status));
}

/** The list endpoint's largest page: the dashboard's insights read at most this many documents. */
export const INSIGHTS_PAGE_SIZE = 500;

export type DocumentSample = { items: Document[]; total: number };

/** GET /api/documents?pageSize=500&sort=updated: the most recently changed documents, for figures. */
export async function getDocumentSample(): Promise<DocumentSample> {
  const res = await fetch(`/api/documents?page=1&pageSize=${INSIGHTS_PAGE_SIZE}&sort=updated`, {
    credentials: "include",
  });
  await throwIfResNotOk(res);
  const items = (await res.json()) as Document[];
  const header = Number(res.headers.get("x-total-count"));
  return {
    items,
    total: res.headers.has("x-total-count") && Number.isFinite(header) ? header : items.length,
  };
}

export const documentSampleQueryOptions = queryOptions({
  queryKey: ["/api/documents", "sample"] as const,
  queryFn: getDocumentSample,
});

export function useDocumentSample() {
  return useQuery(documentSampleQueryOptions);
}
