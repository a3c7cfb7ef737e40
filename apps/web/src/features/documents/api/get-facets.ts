import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { lazyShellSchema } from "@/lib/lazy-schema";
import { documentKeys } from "@/lib/query-keys";

const documentFacetsSchema = lazyShellSchema((c) => c.documentFacetsSchema);

/**
 * GET /api/documents/facets: the tags and owners of the documents this reader may list, most used
 * first, offered as the Tag and Owner filters' suggestions.
 */
export function useDocumentFacets() {
  return useQuery({
    queryKey: documentKeys.facets(),
    queryFn: () => apiFetch("/api/documents/facets", documentFacetsSchema),
    staleTime: 60_000,
  });
}
