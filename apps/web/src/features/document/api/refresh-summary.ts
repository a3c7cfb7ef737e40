import { useMutation, useQueryClient } from "@tanstack/react-query";
import { summarySchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** POST /api/documents/{id}/summary/refresh: recompute, then show the new summary. */
export function useRefreshSummary(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`/api/documents/${encodeURIComponent(documentId)}/summary/refresh`, summarySchema, {
        method: "POST",
      }),
    onSuccess: async (summary) => {
      client.setQueryData(documentKeys.summary(documentId), summary);
      await client.invalidateQueries({ queryKey: documentKeys.summary(documentId) });
    },
  });
}
