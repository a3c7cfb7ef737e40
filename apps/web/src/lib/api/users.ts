import { queryOptions, useQuery } from "@tanstack/react-query";
import { userSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { userKeys } from "@/lib/query-keys";

/** GET /api/users: every user with their role (choosing reviewers and an approver). */
export const usersQueryOptions = queryOptions({
  queryKey: userKeys.all,
  queryFn: () => apiFetch("/api/users", userSchema.array()),
});

export function useUsers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions, enabled: options.enabled ?? true });
}
