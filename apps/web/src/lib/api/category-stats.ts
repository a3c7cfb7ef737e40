import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CategoryStats } from "@quire/contracts";

/** GET /api/categories/stats: categories with their document count (sidebar, dashboard tiles). */
export const categoryStatsQueryOptions = queryOptions<CategoryStats[]>({
  queryKey: ["/api/categories", "stats"],
});

export function useCategoryStats() {
  return useQuery(categoryStatsQueryOptions);
}
