import { useMutation, useQueryClient } from "@tanstack/react-query";
import { updateDocumentBodySchema, type Document } from "@quire/contracts";
import { apiRequest } from "../api-client";

/** PATCH /api/documents/{id}: title, category and tags (any of them). */
export const updateDocumentInputSchema = updateDocumentBodySchema;
export type UpdateDocumentInput = { title?: string; categoryId?: string; tags?: string[] };

export async function updateDocument(id: string, data: UpdateDocumentInput): Promise<Document> {
  const res = await apiRequest("PATCH", `/api/documents/${encodeURIComponent(id)}`, data);
  return (await res.json()) as Document;
}

export function useUpdateDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: UpdateDocumentInput }) => updateDocument(id, data),
    onSuccess: async (document) => {
      client.setQueryData(["/api/documents", document.id], document);
      // Lists, the category counts (a category may have changed) and search results show metadata.
      await Promise.all([
        client.invalidateQueries({ queryKey: ["/api/documents"] }),
        client.invalidateQueries({ queryKey: ["/api/categories"] }),
        client.invalidateQueries({ queryKey: ["/api/search"] }),
      ]);
    },
  });
}
