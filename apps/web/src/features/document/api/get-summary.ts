import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";

/**
 * Seed §3 Summary. The AI work computes it; list items may be plain text or objects carrying
 * their text (a risk note also says which rule fired and where), so they are read with `itemText`.
 */
export type DocumentSummary = {
  riskLevel?: string;
  keyPoints?: unknown[];
  changeHighlights?: unknown[];
  riskNotes?: unknown[];
  suggestedActions?: unknown[];
  updatedAt?: string;
};

export const summaryQueryKey = (documentId: string) => ["/api/documents", documentId, "summary"] as const;

/** GET /api/documents/{id}/summary; null (404) while the server has no summaries, so the page hides them. */
export const summaryQueryOptions = (documentId: string) =>
  queryOptions<DocumentSummary | null>({
    queryKey: summaryQueryKey(documentId),
    queryFn: () =>
      getJson<DocumentSummary>(`/api/documents/${encodeURIComponent(documentId)}/summary`, [404]),
  });

export function useSummary(documentId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...summaryQueryOptions(documentId), enabled });
}

/** GET /api/documents/{id}/summary.md: the summary as a markdown file. */
export function summaryExportUrl(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}/summary.md`;
}
