import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Document } from "@quire/contracts";
import { apiRequest } from "@/lib/api-client";

/** POST /api/documents/{id}/retry: queue failed processing again; the page then polls. */
export function useRetryProcessing(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await (
        await apiRequest("POST", `/api/documents/${encodeURIComponent(documentId)}/retry`)
      ).json()) as Document,
    onSuccess: (document) => client.setQueryData(["/api/documents", documentId], document),
  });
}
