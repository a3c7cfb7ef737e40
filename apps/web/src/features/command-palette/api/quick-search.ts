import { queryOptions, useQuery } from "@tanstack/react-query";
import { searchResultSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { searchKeys } from "@/lib/query-keys";

/** How many matching documents the palette lists under what is typed. */
export const QUICK_SEARCH_LIMIT = 5;

/**
 * GET /api/search?q=&limit=5&typeahead=1: the best few documents for what is typed, as Search ranks
 * them, kept out of the search log (what is typed is not yet a search).
 */
export const quickSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.results({ q, limit: QUICK_SEARCH_LIMIT }),
    queryFn: () =>
      apiFetch(
        `/api/search?${new URLSearchParams({ q, limit: String(QUICK_SEARCH_LIMIT), typeahead: "1" }).toString()}`,
        searchResultSchema.array(),
      ),
    staleTime: 30_000,
  });

/**
 * The palette's document matches for `q` (already debounced); none for fewer than two characters,
 * which would match nearly everything.
 */
export function useQuickSearch(q: string) {
  const query = q.trim();
  return useQuery({ ...quickSearchQueryOptions(query), enabled: query.length >= 2 });
}
