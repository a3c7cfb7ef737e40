import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DocumentStatus } from "@quire/contracts";
import { apiFetchPage } from "@/lib/api-client";
import { lazyShellSchema } from "@/lib/lazy-schema";
import { documentKeys } from "@/lib/query-keys";

// Loaded beside the requests, so zod and the contracts stay out of the first load.
const documentSchema = lazyShellSchema((c) => c.documentSchema);

/**
 * GET /api/documents?pageSize=1[&status=]: how many documents the user may see, read from
 * X-Total-Count so no page of documents has to travel just to be counted.
 */
export async function getDocumentCount(status?: DocumentStatus): Promise<number> {
  const search = new URLSearchParams({ page: "1", pageSize: "1" });
  if (status) search.set("status", status);
  const { items, total } = await apiFetchPage(`/api/documents?${search.toString()}`, documentSchema);
  return total ?? items.length;
}

/** Under documentKeys.all, so every document change refreshes the count. */
export const documentCountQueryOptions = (status?: DocumentStatus) =>
  queryOptions({
    queryKey: documentKeys.count(status),
    queryFn: () => getDocumentCount(status),
  });

export function useDocumentCount(status?: DocumentStatus) {
  return useQuery(documentCountQueryOptions(status));
}
