import { useMutation, useQueryClient } from "@tanstack/react-query";
import { documentSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { categoryKeys, documentKeys } from "@/lib/query-keys";

/**
 * POST /api/documents/{id}/category/confirm: keep the category Quire filed the document in, or
 * name another (the same right as moving it there).
 */
export function useConfirmFiling(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (categoryId?: string) =>
      apiFetch(`/api/documents/${encodeURIComponent(documentId)}/category/confirm`, documentSchema, {
        method: "POST",
        body: categoryId ? { categoryId } : {},
      }),
    onSuccess: async (document) => {
      client.setQueryData(documentKeys.detail(documentId), document);
      await Promise.all([
        client.invalidateQueries({ queryKey: documentKeys.all }),
        client.invalidateQueries({ queryKey: categoryKeys.all }),
      ]);
    },
  });
}
