import { queryOptions, useQuery } from "@tanstack/react-query";
import { userListItemSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { userKeys } from "@/lib/query-keys";

/** GET /api/users: every user with their role and the approval duties they can be given. */
export const usersQueryOptions = queryOptions({
  queryKey: userKeys.all,
  queryFn: () => apiFetch("/api/users", userListItemSchema.array()),
});

export function useUsers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions, enabled: options.enabled ?? true });
}
