import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Category } from "@quire/contracts";

/** GET /api/categories: every category (upload form, metadata editor, search filter). */
export const categoriesQueryOptions = queryOptions<Category[]>({ queryKey: ["/api/categories"] });

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
