import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DocumentStats } from "@quire/contracts";

/** GET /api/documents/stats; under ["/api/documents"], so every document change refreshes it. */
export const documentStatsQueryOptions = queryOptions<DocumentStats>({
  queryKey: ["/api/documents", "stats"],
});

export function useDocumentStats() {
  return useQuery(documentStatsQueryOptions);
}
