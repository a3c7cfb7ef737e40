import { queryOptions, useQuery } from "@tanstack/react-query";
import { documentSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** GET /api/documents/recent?limit=: the latest changed documents the user may see. */
export const recentDocumentsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: documentKeys.recent(limit),
    queryFn: () => apiFetch(`/api/documents/recent?limit=${limit}`, documentSchema.array()),
  });

export function useRecentDocuments(limit: number) {
  return useQuery(recentDocumentsQueryOptions(limit));
}
