import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { aiSuggestionSchema, applySuggestionResultSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { aiKeys, categoryKeys, documentKeys } from "@/lib/query-keys";

/** GET /api/ai/suggestions: suggestions derived from the archive's state (seed §3). */
export const aiSuggestionsQueryOptions = queryOptions({
  queryKey: aiKeys.suggestions,
  queryFn: () => apiFetch("/api/ai/suggestions", aiSuggestionSchema.array()),
});

export function useAiSuggestions() {
  return useQuery(aiSuggestionsQueryOptions);
}

/** POST /api/ai/apply/{id}: performs the suggestion; the list (and the documents) refresh. */
export function useApplySuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/ai/apply/${encodeURIComponent(id)}`, applySuggestionResultSchema, { method: "POST" }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: aiKeys.suggestions }),
        queryClient.invalidateQueries({ queryKey: documentKeys.all }),
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
      ]);
    },
  });
}
