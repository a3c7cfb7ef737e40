import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { summaryQueryKey, type DocumentSummary } from "./get-summary";

/** POST /api/documents/{id}/summary/refresh: recompute, then show the new summary. */
export function useRefreshSummary(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const res = await apiRequest(
        "POST",
        `/api/documents/${encodeURIComponent(documentId)}/summary/refresh`,
      );
      const text = await res.text();
      return text ? (JSON.parse(text) as DocumentSummary) : null;
    },
    onSuccess: async (summary) => {
      if (summary && typeof summary === "object" && "keyPoints" in summary) {
        client.setQueryData(summaryQueryKey(documentId), summary);
      }
      await client.invalidateQueries({ queryKey: summaryQueryKey(documentId) });
    },
  });
}
