import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { lazyShellSchema } from "@/lib/lazy-schema";
import { categoryKeys } from "@/lib/query-keys";

// Loaded beside the requests, so zod and the contracts stay out of the first load.
const categoryStatsListSchema = lazyShellSchema((c) => c.categoryStatsSchema.array());

/** GET /api/categories/stats: categories with their document count (sidebar, dashboard tiles). */
export const categoryStatsQueryOptions = queryOptions({
  queryKey: categoryKeys.stats(),
  queryFn: () => apiFetch("/api/categories/stats", categoryStatsListSchema),
});

export function useCategoryStats() {
  return useQuery(categoryStatsQueryOptions);
}
