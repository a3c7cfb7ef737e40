import { queryOptions, useQuery } from "@tanstack/react-query";
import { searchResultSchema, type DocumentStatus, type SearchResult } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { searchKeys } from "@/lib/query-keys";

export type { SearchResult };

/** `byMeaning` asks for hybrid ranking (words and meaning); the server runs full text when Semantic Search is off. */
export type SearchParams = { q: string; category?: string; status?: DocumentStatus; byMeaning?: boolean };

/** GET /api/search?q=&category=&status=: best first, one result per document. */
export function searchDocuments(params: SearchParams): Promise<SearchResult[]> {
  const search = new URLSearchParams({ q: params.q });
  if (params.category) search.set("category", params.category);
  if (params.status) search.set("status", params.status);
  if (params.byMeaning) search.set("mode", "hybrid");
  return apiFetch(`/api/search?${search.toString()}`, searchResultSchema.array());
}

export const searchQueryOptions = (params: SearchParams) =>
  queryOptions({
    queryKey: searchKeys.results(params),
    queryFn: () => searchDocuments(params),
  });

/** Seed §7: fired only on demand, so there is no query until a search is submitted. */
export function useSearchDocuments(params: SearchParams | null) {
  return useQuery({
    ...searchQueryOptions(params ?? { q: "" }),
    enabled: params !== null && params.q.trim() !== "",
  });
}
