import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SavedView } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { lazyShellSchema } from "@/lib/lazy-schema";
import { sessionKeys } from "@/lib/query-keys";

const savedViewsSchema = lazyShellSchema((c) => c.savedViewsSchema);

/** GET /api/auth/views: the signed-in user's saved views of All Documents. */
export const savedViewsQueryOptions = queryOptions({
  queryKey: sessionKeys.savedViews,
  queryFn: () => apiFetch("/api/auth/views", savedViewsSchema),
});

export function useSavedViews() {
  return useQuery(savedViewsQueryOptions);
}

/** PUT /api/auth/views: replaces the whole list (it is small and edited one view at a time). */
export function useSaveViews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (views: SavedView[]) =>
      apiFetch("/api/auth/views", savedViewsSchema, { method: "PUT", body: views }),
    onSuccess: (views) => client.setQueryData(savedViewsQueryOptions.queryKey, views),
  });
}
