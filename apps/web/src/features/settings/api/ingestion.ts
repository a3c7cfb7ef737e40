import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ingestionOverviewSchema, type IngestionItem } from "@quire/contracts";
import { apiCommand, apiFetch } from "@/lib/api-client";
import { documentKeys, settingsKeys } from "@/lib/query-keys";

/**
 * GET /api/ingestion (Admin): the watched folder and the newest items. Live events keep it current;
 * the folder's "last scan" moves without one, so it is read again while on screen.
 */
export const ingestionQueryOptions = queryOptions({
  queryKey: settingsKeys.ingestion,
  queryFn: () => apiFetch("/api/ingestion", ingestionOverviewSchema),
  refetchInterval: (query) => Math.max(query.state.data?.folder?.scanSeconds ?? 30, 5) * 1000,
});

export function useIngestion() {
  return useQuery(ingestionQueryOptions);
}

/**
 * Retry: a failed file is taken again from failed/; a document whose processing failed is
 * processed again (the document's own retry).
 */
export function useRetryIngestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: IngestionItem) =>
      item.state === "failed" || !item.document
        ? apiCommand("POST", `/api/ingestion/items/${encodeURIComponent(item.id)}/retry`)
        : apiCommand("POST", `/api/documents/${encodeURIComponent(item.document.id)}/retry`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: settingsKeys.ingestion });
      void client.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}
