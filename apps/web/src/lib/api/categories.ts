import { queryOptions, useQuery } from "@tanstack/react-query";
import { categorySchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { categoryKeys } from "@/lib/query-keys";

/** GET /api/categories: every category (upload form, metadata editor, search filter). */
export const categoriesQueryOptions = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: () => apiFetch("/api/categories", categorySchema.array()),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
