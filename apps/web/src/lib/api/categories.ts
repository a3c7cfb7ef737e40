import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { lazyShellSchema } from "@/lib/lazy-schema";
import { categoryKeys } from "@/lib/query-keys";

// Loaded beside the request: the list pages ask for categories before the contracts are needed.
const categoryListSchema = lazyShellSchema((c) => c.categorySchema.array());

/** GET /api/categories: every category (upload form, metadata editor, search filter). */
export const categoriesQueryOptions = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: () => apiFetch("/api/categories", categoryListSchema),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
