import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "@quire/contracts";

/** GET /api/users: every user with their role (choosing reviewers and an approver). */
export const usersQueryOptions = queryOptions<User[]>({ queryKey: ["/api/users"] });

export function useUsers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions, enabled: options.enabled ?? true });
}
