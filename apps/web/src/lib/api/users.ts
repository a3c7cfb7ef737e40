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

/** GET /api/users?includeDisabled=true (Admins): disabled accounts too, so they can be enabled again. */
export const managedUsersQueryOptions = queryOptions({
  queryKey: userKeys.managed(),
  queryFn: () => apiFetch("/api/users?includeDisabled=true", userListItemSchema.array()),
});

export function useManagedUsers() {
  return useQuery(managedUsersQueryOptions);
}
