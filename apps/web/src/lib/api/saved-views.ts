import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { savedViewsSchema, type SavedView } from "@quire/contracts";
import { apiRequest } from "@/lib/api-client";
import { getQueryFn } from "@/lib/query-client";

/** GET /api/auth/views: the signed-in user's saved views of All Documents. */
export const savedViewsQueryOptions = queryOptions<SavedView[]>({
  queryKey: ["/api/auth", "views"],
  queryFn: async (context) =>
    savedViewsSchema.parse(await getQueryFn<SavedView[]>({ on401: "throw" })(context)),
});

export function useSavedViews() {
  return useQuery(savedViewsQueryOptions);
}

/** PUT /api/auth/views: replaces the whole list (it is small and edited one view at a time). */
export function useSaveViews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (views: SavedView[]) =>
      savedViewsSchema.parse(await (await apiRequest("PUT", "/api/auth/views", views)).json()),
    onSuccess: (views) => client.setQueryData(savedViewsQueryOptions.queryKey, views),
  });
}
