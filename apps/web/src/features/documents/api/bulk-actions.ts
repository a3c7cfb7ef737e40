import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BulkFilter, BulkRequest, BulkResult, BulkSelection } from "@quire/contracts";
import { apiFetch, apiFetchFile } from "@/lib/api-client";
import { lazySchema } from "@/lib/lazy-schema";
import { aiKeys, approvalKeys, categoryKeys, documentKeys, searchKeys } from "@/lib/query-keys";

// The list page imports this module for its selection bar; the schema loads with the first action.
const bulkResultSchema = lazySchema((c) => c.bulkResultSchema);

/** POST /api/documents/bulk: one action over the selection; the answer lists each document's outcome. */
export function runBulkAction(request: BulkRequest): Promise<BulkResult> {
  return apiFetch("/api/documents/bulk", bulkResultSchema, { method: "POST", body: request });
}

/** A bulk change refreshes whatever its documents appear in: lists, counts, queues, search. */
export function useBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runBulkAction,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: documentKeys.all }),
        client.invalidateQueries({ queryKey: categoryKeys.all }),
        client.invalidateQueries({ queryKey: searchKeys.all }),
        client.invalidateQueries({ queryKey: approvalKeys.all }),
        client.invalidateQueries({ queryKey: aiKeys.suggestions }),
      ]);
    },
  });
}

export interface BulkDownload {
  blob: Blob;
  filename: string;
  included: number;
  refused: number;
}

/** POST /api/documents/bulk/download: a zip of the originals the user may read, and what it left out. */
export async function downloadOriginals(selection: BulkSelection): Promise<BulkDownload> {
  const { blob, headers } = await apiFetchFile("/api/documents/bulk/download", {
    method: "POST",
    body: selection,
  });
  const disposition = headers.get("content-disposition") ?? "";
  const named = /filename="([^"]+)"/.exec(disposition)?.[1];
  const count = (name: string) => Number(headers.get(name) ?? "0") || 0;
  return {
    blob,
    filename: named ?? "quire-documents.zip",
    included: count("x-quire-bulk-included"),
    refused: count("x-quire-bulk-refused"),
  };
}

/** The list's filters as the bulk request names them (paging and sort left out). */
export function bulkFilterOf(params: BulkFilter): BulkFilter {
  const filter: BulkFilter = {};
  if (params.category) filter.category = params.category;
  if (params.status) filter.status = params.status;
  if (params.tag) filter.tag = params.tag;
  if (params.owner) filter.owner = params.owner;
  if (params.updatedFrom) filter.updatedFrom = params.updatedFrom;
  if (params.updatedTo) filter.updatedTo = params.updatedTo;
  return filter;
}
