import { useMutation, useQueryClient } from "@tanstack/react-query";
import { documentSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** POST /api/documents/{id}/retry: queue failed processing again; the page then polls. */
export function useRetryProcessing(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`/api/documents/${encodeURIComponent(documentId)}/retry`, documentSchema, { method: "POST" }),
    onSuccess: (document) => client.setQueryData(documentKeys.detail(documentId), document),
  });
}
