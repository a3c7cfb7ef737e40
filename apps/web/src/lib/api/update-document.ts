import { useMutation, useQueryClient } from "@tanstack/react-query";
import { documentSchema, updateDocumentBodySchema, type Document } from "@quire/contracts";
import { toast } from "@/hooks/use-toast";
import { apiFetch, errorMessage } from "@/lib/api-client";
import { i18n } from "@/lib/i18n";
import "@/components/document-parts-locale";
import { categoryKeys, documentKeys, searchKeys } from "@/lib/query-keys";

/** PATCH /api/documents/{id}: title, category and tags (any of them). */
export const updateDocumentInputSchema = updateDocumentBodySchema;
export type UpdateDocumentInput = { title?: string; categoryId?: string; tags?: string[] };

export function updateDocument(id: string, data: UpdateDocumentInput): Promise<Document> {
  return apiFetch(`/api/documents/${encodeURIComponent(id)}`, documentSchema, {
    method: "PATCH",
    body: data,
  });
}

export function useUpdateDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: UpdateDocumentInput }) => updateDocument(id, data),
    onSuccess: async (document) => {
      client.setQueryData(documentKeys.detail(document.id), document);
      // Lists, the category counts (a category may have changed) and search results show metadata.
      await Promise.all([
        client.invalidateQueries({ queryKey: documentKeys.all }),
        client.invalidateQueries({ queryKey: categoryKeys.all }),
        client.invalidateQueries({ queryKey: searchKeys.all }),
      ]);
    },
  });
}

/** Files a document under another category and says so in a toast (the "Move to …" buttons). */
export function useMoveToCategory(documentId: string) {
  const update = useUpdateDocument();
  return {
    isPending: update.isPending,
    move: (target: { id: string; name: string }) =>
      update.mutate(
        { id: documentId, data: { categoryId: target.id } },
        {
          onSuccess: (moved) =>
            toast({
              title: i18n.t("document-parts:move.moved"),
              description: i18n.t("document-parts:move.movedText", {
                title: moved.title,
                category: target.name,
              }),
            }),
          onError: (err) =>
            toast({
              variant: "destructive",
              title: i18n.t("document-parts:move.failed"),
              description: errorMessage(err),
            }),
        },
      ),
  };
}
