import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Document } from "@quire/contracts";
import { getJson } from "@/lib/api-client";

/** GET /api/documents/recent?limit=: the latest changed documents the user may see. */
export const recentDocumentsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: ["/api/documents", "recent", limit] as const,
    queryFn: async () => (await getJson<Document[]>(`/api/documents/recent?limit=${limit}`)) ?? [],
  });

export function useRecentDocuments(limit: number) {
  return useQuery(recentDocumentsQueryOptions(limit));
}
