import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { categorySigningSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { categoryKeys, documentKeys } from "@/lib/query-keys";

const path = (categoryId: string) => `/api/categories/${encodeURIComponent(categoryId)}/signing`;

/** GET /api/categories/{id}/signing (Admin): whether signing a decision there needs the password again. */
export function useCategorySigning(categoryId: string | null) {
  return useQuery({
    queryKey: categoryKeys.signing(categoryId ?? ""),
    queryFn: () => apiFetch(path(categoryId ?? ""), categorySigningSchema),
    enabled: categoryId !== null,
  });
}

/** PUT /api/categories/{id}/signing (Admin); decision forms of its documents ask for the password from then on. */
export function usePutCategorySigning(categoryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requiresPassword: boolean) =>
      apiFetch(path(categoryId), categorySigningSchema, { method: "PUT", body: { requiresPassword } }),
    onSuccess: async (saved) => {
      client.setQueryData(categoryKeys.signing(categoryId), saved);
      await client.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}
