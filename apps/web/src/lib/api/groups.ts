import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { groupSchema } from "@quire/contracts";
import { apiFetch, apiCommand } from "../api-client";
import { categoryKeys, documentKeys, groupKeys } from "../query-keys";

/** GET /api/groups: every group by name (members only in an Admin's answer), checked against its contract. */
export const groupsQueryOptions = queryOptions({
  queryKey: groupKeys.all,
  queryFn: () => apiFetch("/api/groups", groupSchema.array()),
});

export function useGroups(options: { enabled?: boolean } = {}) {
  return useQuery({ ...groupsQueryOptions, enabled: options.enabled ?? true });
}

export type GroupInput = { name: string; description?: string; memberIds: string[] };

/**
 * A group change also changes who can open what: access lists and "Who has access" refetch,
 * and so do the document lists and counts the server filters by it.
 */
function useGroupMutation<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: groupKeys.all });
      await client.invalidateQueries({ queryKey: documentKeys.all });
      await client.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}

/** POST /api/groups (Admin): 409 for a name in use, 400 for an unknown member. */
export function useCreateGroup() {
  return useGroupMutation(async (input: GroupInput) =>
    apiFetch("/api/groups", groupSchema, { method: "POST", body: input }),
  );
}

/** PATCH /api/groups/{id} (Admin): rename, describe or set the members. */
export function useUpdateGroup() {
  return useGroupMutation(async ({ id, ...patch }: Partial<GroupInput> & { id: string }) =>
    apiFetch(`/api/groups/${encodeURIComponent(id)}`, groupSchema, { method: "PATCH", body: patch }),
  );
}

/** DELETE /api/groups/{id} (Admin): its memberships and access entries go with it. */
export function useDeleteGroup() {
  return useGroupMutation(async (id: string) => {
    await apiCommand("DELETE", `/api/groups/${encodeURIComponent(id)}`);
  });
}
