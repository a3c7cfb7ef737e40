import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { groupSchema, type Group } from "@quire/contracts";
import { z } from "zod";
import { apiRequest, getJson } from "../api-client";

const groupsSchema = z.array(groupSchema);

/** GET /api/groups: every group by name (members only in an Admin's answer), checked against its contract. */
export const groupsQueryOptions = queryOptions<Group[]>({
  queryKey: ["/api/groups"],
  queryFn: async () => groupsSchema.parse(await getJson<unknown>("/api/groups")),
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
      await client.invalidateQueries({ queryKey: groupsQueryOptions.queryKey });
      await client.invalidateQueries({ queryKey: ["/api/documents"] });
      await client.invalidateQueries({ queryKey: ["/api/categories"] });
    },
  });
}

/** POST /api/groups (Admin): 409 for a name in use, 400 for an unknown member. */
export function useCreateGroup() {
  return useGroupMutation(async (input: GroupInput) =>
    parseGroup(await apiRequest("POST", "/api/groups", input)),
  );
}

/** PATCH /api/groups/{id} (Admin): rename, describe or set the members. */
export function useUpdateGroup() {
  return useGroupMutation(async ({ id, ...patch }: Partial<GroupInput> & { id: string }) =>
    parseGroup(await apiRequest("PATCH", `/api/groups/${encodeURIComponent(id)}`, patch)),
  );
}

/** DELETE /api/groups/{id} (Admin): its memberships and access entries go with it. */
export function useDeleteGroup() {
  return useGroupMutation(async (id: string) => {
    await apiRequest("DELETE", `/api/groups/${encodeURIComponent(id)}`);
  });
}

/** The answer of a create or update, checked against its contract. */
async function parseGroup(res: Response): Promise<Group> {
  return groupSchema.parse(await res.json());
}
