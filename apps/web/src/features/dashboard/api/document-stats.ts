import { queryOptions, useQuery } from "@tanstack/react-query";
import { documentStatsSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** GET /api/documents/stats; under documentKeys.all, so every document change refreshes it. */
export const documentStatsQueryOptions = queryOptions({
  queryKey: documentKeys.stats(),
  queryFn: () => apiFetch("/api/documents/stats", documentStatsSchema),
});

export function useDocumentStats() {
  return useQuery(documentStatsQueryOptions);
}
