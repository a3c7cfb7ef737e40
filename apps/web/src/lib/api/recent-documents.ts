import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { lazyShellSchema } from "@/lib/lazy-schema";
import { documentKeys } from "@/lib/query-keys";

// Loaded beside the requests, so zod and the contracts stay out of the first load.
const documentListSchema = lazyShellSchema((c) => c.documentSchema.array());

/** GET /api/documents/recent?limit=: the latest changed documents the user may see. */
export const recentDocumentsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: documentKeys.recent(limit),
    queryFn: () => apiFetch(`/api/documents/recent?limit=${limit}`, documentListSchema),
  });

export function useRecentDocuments(limit: number) {
  return useQuery(recentDocumentsQueryOptions(limit));
}
