import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { delegationViewSchema, type Delegation } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { accountKeys } from "@/lib/query-keys";

const path = "/api/account/out-of-office";

/** GET /api/account/out-of-office: the signed-in user's absence and who acts for them, or none. */
export function useOutOfOffice() {
  return useQuery({
    queryKey: accountKeys.outOfOffice,
    queryFn: () => apiFetch(path, delegationViewSchema),
  });
}

/** PUT /api/account/out-of-office: set (or, with null, clear) the absence. */
export function usePutOutOfOffice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (delegation: Delegation | null) =>
      apiFetch(path, delegationViewSchema, { method: "PUT", body: { delegation } }),
    onSuccess: (saved) => client.setQueryData(accountKeys.outOfOffice, saved),
  });
}
