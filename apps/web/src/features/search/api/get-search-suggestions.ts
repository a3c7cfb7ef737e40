import { queryOptions, useQuery } from "@tanstack/react-query";
import { searchSuggestionsSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { searchKeys } from "@/lib/query-keys";

/** GET /api/search/suggestions: popular real queries and the archive's top keyphrases. */
export const searchSuggestionsQueryOptions = queryOptions({
  queryKey: searchKeys.suggestions(),
  queryFn: () => apiFetch("/api/search/suggestions", searchSuggestionsSchema),
});

export function useSearchSuggestions() {
  return useQuery(searchSuggestionsQueryOptions);
}
