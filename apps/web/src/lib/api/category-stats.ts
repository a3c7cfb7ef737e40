import { queryOptions, useQuery } from "@tanstack/react-query";
import { categoryStatsSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { categoryKeys } from "@/lib/query-keys";

/** GET /api/categories/stats: categories with their document count (sidebar, dashboard tiles). */
export const categoryStatsQueryOptions = queryOptions({
  queryKey: categoryKeys.stats(),
  queryFn: () => apiFetch("/api/categories/stats", categoryStatsSchema.array()),
});

export function useCategoryStats() {
  return useQuery(categoryStatsQueryOptions);
}
