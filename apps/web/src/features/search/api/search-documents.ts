import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Document, DocumentStatus } from "@quire/contracts";
import { throwIfResNotOk } from "@/lib/api-client";

/** Seed §3 Search result (packages/contracts will export the same shape as `SearchResult`). */
export type SearchResult = { document: Document; relevanceScore: number; highlightedExcerpt: string };

/** `byMeaning` asks for hybrid ranking (words and meaning); the server runs full text when Semantic Search is off. */
export type SearchParams = { q: string; category?: string; status?: DocumentStatus; byMeaning?: boolean };

/** GET /api/search?q=&category=&status=: best first, one result per document. */
export async function searchDocuments(params: SearchParams): Promise<SearchResult[]> {
  const search = new URLSearchParams({ q: params.q });
  if (params.category) search.set("category", params.category);
  if (params.status) search.set("status", params.status);
  if (params.byMeaning) search.set("mode", "hybrid");
  const res = await fetch(`/api/search?${search.toString()}`, { credentials: "include" });
  await throwIfResNotOk(res);
  return (await res.json()) as SearchResult[];
}

export const searchQueryOptions = (params: SearchParams) =>
  queryOptions({
    queryKey: ["/api/search", "results", params] as const,
    queryFn: () => searchDocuments(params),
  });

/** Seed §7: fired only on demand, so there is no query until a search is submitted. */
export function useSearchDocuments(params: SearchParams | null) {
  return useQuery({
    ...searchQueryOptions(params ?? { q: "" }),
    enabled: params !== null && params.q.trim() !== "",
  });
}
