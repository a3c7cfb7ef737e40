import { useMutation, useQueryClient } from "@tanstack/react-query";
import { documentSchema, type Document } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { aiKeys, approvalKeys, categoryKeys, documentKeys, searchKeys } from "@/lib/query-keys";

/** POST /api/documents/{id}/archive: hides the document from lists; its data is kept. */
export function archiveDocument(id: string): Promise<Document> {
  return apiFetch(`/api/documents/${encodeURIComponent(id)}/archive`, documentSchema, { method: "POST" });
}

export function useArchiveDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: archiveDocument,
    onSuccess: async (document) => {
      client.setQueryData(documentKeys.detail(document.id), document);
      await Promise.all([
        client.invalidateQueries({ queryKey: documentKeys.all }),
        client.invalidateQueries({ queryKey: categoryKeys.all }),
        client.invalidateQueries({ queryKey: searchKeys.all }),
        // Archiving ends an open round and can settle a suggestion ("archive the older copy"); the
        // person who archived sees that at once, without waiting on a live event.
        client.invalidateQueries({ queryKey: approvalKeys.all }),
        client.invalidateQueries({ queryKey: aiKeys.suggestions }),
      ]);
    },
  });
}
