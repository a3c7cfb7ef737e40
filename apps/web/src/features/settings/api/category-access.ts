import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { categoryAccessSchema, type CategoryAccess } from "@quire/contracts";
import { apiRequest, getJson } from "@/lib/api-client";

const path = (categoryId: string) => `/api/categories/${encodeURIComponent(categoryId)}/access`;

/** GET /api/categories/{id}/access (Admin): everyone's level and each group's, checked against the contract. */
export const categoryAccessQueryOptions = (categoryId: string) =>
  queryOptions<CategoryAccess>({
    queryKey: ["/api/categories", categoryId, "access"],
    queryFn: async () => categoryAccessSchema.parse(await getJson<unknown>(path(categoryId))),
  });

export function useCategoryAccess(categoryId: string | null) {
  return useQuery({ ...categoryAccessQueryOptions(categoryId ?? ""), enabled: categoryId !== null });
}

/** PUT /api/categories/{id}/access (Admin): the whole list; what people see changes with it. */
export function usePutCategoryAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ categoryId, ...body }: CategoryAccess) =>
      categoryAccessSchema.parse(await (await apiRequest("PUT", path(categoryId), body)).json()),
    onSuccess: async (saved) => {
      client.setQueryData(categoryAccessQueryOptions(saved.categoryId).queryKey, saved);
      await client.invalidateQueries({ queryKey: ["/api/documents"] });
      await client.invalidateQueries({ queryKey: ["/api/categories", "stats"] });
    },
  });
}
