import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { accessHoldersSchema, documentAccessSchema, type DocumentAccess } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

const path = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/access`;

/** GET /api/documents/{id}/access (owner or Admin): whether it is restricted, and to whom. */
export const documentAccessQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: documentKeys.access(documentId),
    queryFn: () => apiFetch(path(documentId), documentAccessSchema),
    staleTime: 0,
  });

/** GET /api/documents/{id}/access/holders: "Who has access", each person with why. */
export const accessHoldersQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: documentKeys.accessHolders(documentId),
    queryFn: () => apiFetch(`${path(documentId)}/holders`, accessHoldersSchema),
    staleTime: 0,
  });

export function useDocumentAccess(documentId: string) {
  return useQuery(documentAccessQueryOptions(documentId));
}

export function useAccessHolders(documentId: string) {
  return useQuery(accessHoldersQueryOptions(documentId));
}

/** PUT /api/documents/{id}/access: restrict to the chosen people and groups, or lift it. */
export function usePutDocumentAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ documentId, ...body }: DocumentAccess) =>
      apiFetch(path(documentId), documentAccessSchema, { method: "PUT", body }),
    onSuccess: async (saved) => {
      client.setQueryData(documentAccessQueryOptions(saved.documentId).queryKey, saved);
      await client.invalidateQueries({ queryKey: accessHoldersQueryOptions(saved.documentId).queryKey });
    },
  });
}
