import { queryOptions, useQuery } from "@tanstack/react-query";
import { approvalSchema } from "@quire/contracts";
import { apiFetchOrNull } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** GET /api/documents/{id}/approval: the latest round, or null (404) when none was ever started. */
export const approvalQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: documentKeys.approval(documentId),
    queryFn: () =>
      apiFetchOrNull(`/api/documents/${encodeURIComponent(documentId)}/approval`, approvalSchema, [404]),
  });

export function useApproval(documentId: string) {
  return useQuery(approvalQueryOptions(documentId));
}
