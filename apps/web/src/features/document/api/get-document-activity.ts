import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { auditPageSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** GET /api/documents/{id}/activity: the document's own history (its owner and Admins), newest first. */
export const documentActivityQueryOptions = (documentId: string, pageSize: number) =>
  queryOptions({
    // Under the document's key, so every change that refreshes the document refreshes its history.
    queryKey: documentKeys.activity(documentId, pageSize),
    queryFn: () =>
      apiFetch(
        `/api/documents/${encodeURIComponent(documentId)}/activity?pageSize=${pageSize}`,
        auditPageSchema,
      ),
  });

export function useDocumentActivity(documentId: string, pageSize: number) {
  return useQuery({
    ...documentActivityQueryOptions(documentId, pageSize),
    placeholderData: keepPreviousData,
  });
}
