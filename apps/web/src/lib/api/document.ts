import { queryOptions, useQuery } from "@tanstack/react-query";
import { documentSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** While the server converts a new upload or version, the page re-reads the document this often. */
export const PROCESSING_POLL_MS = 2000;

/** GET /api/documents/{id}: one document with its current version, processing state and abilities. */
export const documentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: documentKeys.detail(id),
    queryFn: () => apiFetch(`/api/documents/${encodeURIComponent(id)}`, documentSchema),
  });

/** Polls every 2 s while processing, so the page moves on by itself once conversion ends. */
export function useDocument(id: string) {
  return useQuery({
    ...documentQueryOptions(id),
    refetchInterval: (query) =>
      query.state.data?.processing.state === "processing" ? PROCESSING_POLL_MS : false,
  });
}
