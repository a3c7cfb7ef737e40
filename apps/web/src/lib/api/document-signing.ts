import { useQuery } from "@tanstack/react-query";
import { documentSigningSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/**
 * GET /api/documents/{id}/signing: whether a decision on this document must be confirmed, and how
 * this reader does it (the password entered again, or signing in again through single sign-on).
 */
export function useDocumentSigning(documentId: string) {
  return useQuery({
    queryKey: documentKeys.signing(documentId),
    queryFn: () =>
      apiFetch(`/api/documents/${encodeURIComponent(documentId)}/signing`, documentSigningSchema),
  });
}
