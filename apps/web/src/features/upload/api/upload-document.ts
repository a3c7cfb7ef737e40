import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Document } from "@quire/contracts";
import { throwIfResNotOk } from "@/lib/api-client";

export type UploadInput = { file: File; title: string; categoryId: string };

/** POST /api/documents/upload (multipart: title, categoryId, file) → 201 with the new document. */
export async function uploadDocument({ file, title, categoryId }: UploadInput): Promise<Document> {
  const form = new FormData();
  // Fields before the file, so the server has them when the file stream starts.
  form.append("title", title);
  form.append("categoryId", categoryId);
  form.append("file", file, file.name);
  const res = await fetch("/api/documents/upload", { method: "POST", body: form, credentials: "include" });
  await throwIfResNotOk(res);
  return (await res.json()) as Document;
}

/** Seed §7: on success the documents and the category stats refresh. */
export function useUploadDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: async (document) => {
      client.setQueryData(["/api/documents", document.id], document);
      await Promise.all([
        client.invalidateQueries({ queryKey: ["/api/documents"] }),
        client.invalidateQueries({ queryKey: ["/api/categories"] }),
      ]);
    },
  });
}
