import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/search/suggestions: popular real queries and the archive's top keyphrases. */
export const searchSuggestionsQueryOptions = queryOptions<string[]>({
  queryKey: ["/api/search", "suggestions"],
});

export function useSearchSuggestions() {
  return useQuery(searchSuggestionsQueryOptions);
}
