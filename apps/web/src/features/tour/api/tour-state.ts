import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TourState } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { lazyShellSchema } from "@/lib/lazy-schema";
import { sessionKeys } from "@/lib/query-keys";

// Loaded beside the requests, so zod and the contracts stay out of the first load.
const tourStateSchema = lazyShellSchema((c) => c.tourStateSchema);

/** GET /api/auth/tour: whether the signed-in user finished the tour on any device. */
export const tourStateQueryOptions = queryOptions({
  queryKey: sessionKeys.tour,
  queryFn: () => apiFetch("/api/auth/tour", tourStateSchema),
  staleTime: Infinity,
});

/** Asked only when this browser has no flag of its own (a new device, or storage cleared). */
export function useServerTourState(enabled: boolean) {
  return useQuery({ ...tourStateQueryOptions, enabled });
}

/** PUT /api/auth/tour. */
export function useSaveTourState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (state: TourState) =>
      apiFetch("/api/auth/tour", tourStateSchema, { method: "PUT", body: state }),
    onSuccess: (state) => client.setQueryData(tourStateQueryOptions.queryKey, state),
  });
}
