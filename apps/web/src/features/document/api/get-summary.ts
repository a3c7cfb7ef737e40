import { queryOptions, useQuery } from "@tanstack/react-query";
import { summarySchema, type Summary } from "@quire/contracts";
import { apiFetchOrNull } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** Seed §3 Summary, computed by the AI work (key points, change highlights, risk notes, actions). */
export type DocumentSummary = Summary;

/** GET /api/documents/{id}/summary; null (404) while the server has no summaries, so the page hides them. */
export const summaryQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: documentKeys.summary(documentId),
    queryFn: () =>
      apiFetchOrNull(`/api/documents/${encodeURIComponent(documentId)}/summary`, summarySchema, [404]),
  });

export function useSummary(documentId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...summaryQueryOptions(documentId), enabled });
}

/** GET /api/documents/{id}/summary.md: the summary as a markdown file. */
export function summaryExportUrl(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}/summary.md`;
}
