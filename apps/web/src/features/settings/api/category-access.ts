import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { categoryAccessSchema, type CategoryAccess } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { categoryKeys, documentKeys } from "@/lib/query-keys";

const path = (categoryId: string) => `/api/categories/${encodeURIComponent(categoryId)}/access`;

/** GET /api/categories/{id}/access (Admin): everyone's level and each group's, checked against the contract. */
export const categoryAccessQueryOptions = (categoryId: string) =>
  queryOptions({
    queryKey: categoryKeys.access(categoryId),
    queryFn: () => apiFetch(path(categoryId), categoryAccessSchema),
  });

export function useCategoryAccess(categoryId: string | null) {
  return useQuery({ ...categoryAccessQueryOptions(categoryId ?? ""), enabled: categoryId !== null });
}

/** PUT /api/categories/{id}/access (Admin): the whole list; what people see changes with it. */
export function usePutCategoryAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ categoryId, ...body }: CategoryAccess) =>
      apiFetch(path(categoryId), categoryAccessSchema, { method: "PUT", body }),
    onSuccess: async (saved) => {
      client.setQueryData(categoryAccessQueryOptions(saved.categoryId).queryKey, saved);
      await client.invalidateQueries({ queryKey: documentKeys.all });
      await client.invalidateQueries({ queryKey: categoryKeys.stats() });
    },
  });
}
