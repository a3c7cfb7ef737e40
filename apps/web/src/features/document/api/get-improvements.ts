import { queryOptions, useQuery } from "@tanstack/react-query";
import { improvementSchema, type Improvement } from "@quire/contracts";
import { apiFetchOrNull } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** Seed §3 Improvement suggestion, computed by the server's content checks. */
export type ImprovementSuggestion = Improvement;

/** GET /api/documents/{id}/improvements; null (404) while the server has none, so the section hides. */
export const improvementsQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: documentKeys.improvements(documentId),
    queryFn: () =>
      apiFetchOrNull(
        `/api/documents/${encodeURIComponent(documentId)}/improvements`,
        improvementSchema.array(),
        [404],
      ),
  });

export function useImprovements(documentId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...improvementsQueryOptions(documentId), enabled });
}
