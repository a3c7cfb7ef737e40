import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { auditPageSchema, type AuditPage } from "@quire/contracts";
import { getJson } from "@/lib/api-client";

/** GET /api/documents/{id}/activity: the document's own history (its owner and Admins), newest first. */
export const documentActivityQueryOptions = (documentId: string, pageSize: number) =>
  queryOptions<AuditPage>({
    // Under the document's key, so every change that refreshes the document refreshes its history.
    queryKey: ["/api/documents", documentId, "activity", { pageSize }],
    queryFn: async () =>
      auditPageSchema.parse(
        await getJson<unknown>(
          `/api/documents/${encodeURIComponent(documentId)}/activity?pageSize=${pageSize}`,
        ),
      ),
  });

export function useDocumentActivity(documentId: string, pageSize: number) {
  return useQuery({
    ...documentActivityQueryOptions(documentId, pageSize),
    placeholderData: keepPreviousData,
  });
}
