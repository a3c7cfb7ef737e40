import { queryOptions, useQuery } from "@tanstack/react-query";
import { categorizeResultSchema, type CategorizeResult } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { aiKeys } from "@/lib/query-keys";

/**
 * GET /api/ai/categorize/{id}: where a stored document's converted (and OCR'd) text belongs.
 * Any failure means "no suggestion": the screens work the same without one.
 */
export const storedSuggestionQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: aiKeys.categorizeStored(documentId),
    queryFn: async (): Promise<CategorizeResult | null> => {
      try {
        return await apiFetch(`/api/ai/categorize/${encodeURIComponent(documentId)}`, categorizeResultSchema);
      } catch {
        return null;
      }
    },
  });

export function useStoredSuggestion(documentId: string | null, enabled = true) {
  return useQuery({
    ...storedSuggestionQueryOptions(documentId ?? ""),
    enabled: documentId !== null && enabled,
  });
}
