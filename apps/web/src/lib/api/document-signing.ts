import { useQuery } from "@tanstack/react-query";
import { categorySigningSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** GET /api/documents/{id}/signing: whether a decision on this document is signed with the password entered again. */
export function useDocumentSigning(documentId: string) {
  return useQuery({
    queryKey: documentKeys.signing(documentId),
    queryFn: () =>
      apiFetch(`/api/documents/${encodeURIComponent(documentId)}/signing`, categorySigningSchema),
  });
}
