import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AiSuggestion, ApplySuggestionResult } from "@quire/contracts";
import { apiRequest } from "@/lib/api-client";

/** GET /api/ai/suggestions: suggestions derived from the archive's state (seed §3). */
export const aiSuggestionsQueryOptions = queryOptions<AiSuggestion[]>({ queryKey: ["/api/ai/suggestions"] });

export function useAiSuggestions() {
  return useQuery(aiSuggestionsQueryOptions);
}

/** POST /api/ai/apply/{id}: performs the suggestion; the list (and the documents) refresh. */
export function useApplySuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await (
        await apiRequest("POST", `/api/ai/apply/${encodeURIComponent(id)}`)
      ).json()) as ApplySuggestionResult,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: aiSuggestionsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: ["/api/documents"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/categories"] }),
      ]);
    },
  });
}
