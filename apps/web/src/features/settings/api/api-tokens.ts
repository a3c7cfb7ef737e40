import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiTokenSchema, createdTokenSchema } from "@quire/contracts";
import { apiCommand, apiFetch } from "@/lib/api-client";
import { tokenKeys } from "@/lib/query-keys";

const path = "/api/auth/tokens";

/** GET /api/auth/tokens: the signed-in user's own personal access tokens (never their secrets). */
export const apiTokensQueryOptions = () =>
  queryOptions({
    queryKey: tokenKeys.all,
    queryFn: () => apiFetch(path, apiTokenSchema.array()),
  });

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}

/** POST /api/auth/tokens: the answer carries the secret, which is shown this once. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; expiresInDays?: number }) =>
      apiFetch(path, createdTokenSchema, { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

/** DELETE /api/auth/tokens/{id}: the token stops working at once. */
export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCommand("DELETE", `${path}/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
