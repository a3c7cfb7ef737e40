import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardInsightsSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/**
 * GET /api/dashboard/insights: the AI Insights figures, computed by the server over every
 * document the user may see. Under documentKeys.all, so every document change refreshes them.
 */
export const insightsQueryOptions = queryOptions({
  queryKey: documentKeys.insights(),
  queryFn: () => apiFetch("/api/dashboard/insights", dashboardInsightsSchema),
});

export function useInsights() {
  return useQuery(insightsQueryOptions);
}
