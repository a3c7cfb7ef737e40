import { useQuery } from "@tanstack/react-query";
import { categoryTemplateSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** GET /api/documents/{id}/approval-template: the stages a submission of this document follows now. */
export function useApprovalTemplate(documentId: string) {
  return useQuery({
    queryKey: [...documentKeys.detail(documentId), "approval-template"] as const,
    queryFn: () =>
      apiFetch(`/api/documents/${encodeURIComponent(documentId)}/approval-template`, categoryTemplateSchema),
  });
}
