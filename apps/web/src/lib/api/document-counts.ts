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
