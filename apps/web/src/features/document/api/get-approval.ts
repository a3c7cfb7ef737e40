import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Approval } from "@quire/contracts";
import { getJson } from "@/lib/api-client";

/** GET /api/documents/{id}/approval: the latest round, or null (404) when none was ever started. */
export const approvalQueryOptions = (documentId: string) =>
  queryOptions<Approval | null>({
    queryKey: ["/api/documents", documentId, "approval"],
    queryFn: () => getJson<Approval>(`/api/documents/${encodeURIComponent(documentId)}/approval`, [404]),
  });

export function useApproval(documentId: string) {
  return useQuery(approvalQueryOptions(documentId));
}
