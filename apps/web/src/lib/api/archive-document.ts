import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Document } from "@quire/contracts";
import { apiRequest } from "../api-client";

/** POST /api/documents/{id}/archive: hides the document from lists; its data is kept. */
export async function archiveDocument(id: string): Promise<Document> {
  const res = await apiRequest("POST", `/api/documents/${encodeURIComponent(id)}/archive`);
  return (await res.json()) as Document;
}

export function useArchiveDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: archiveDocument,
    onSuccess: async (document) => {
      client.setQueryData(["/api/documents", document.id], document);
      await Promise.all([
        client.invalidateQueries({ queryKey: ["/api/documents"] }),
        client.invalidateQueries({ queryKey: ["/api/categories"] }),
        client.invalidateQueries({ queryKey: ["/api/search"] }),
      ]);
    },
  });
}
