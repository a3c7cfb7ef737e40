import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { documentSchema, type Document } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

export const editContentInputSchema = z.object({
  content: z.string().max(5_000_000),
  changeNote: z.string().trim().max(500),
  expectedVersion: z.number().int().min(1),
});
export type EditContentInput = z.infer<typeof editContentInputSchema>;

export type UploadVersionInput = { file: File; changeNote: string; expectedVersion: number };

function versionsUrl(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}/versions`;
}

/**
 * POST /api/documents/{id}/versions, as edited markdown (JSON) or a new file (multipart). The
 * server answers 409 when someone saved a version since `expectedVersion`; the caller shows that
 * message and keeps the person's text. Everything under the document (versions, diffs, summary)
 * is re-read afterwards.
 */
export function useCreateVersion(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: EditContentInput | UploadVersionInput): Promise<Document> => {
      if ("file" in input) {
        const form = new FormData();
        form.set("changeNote", input.changeNote.trim());
        form.set("expectedVersion", String(input.expectedVersion));
        // The file goes last: the server reads the fields before the stream of bytes.
        form.set("file", input.file, input.file.name);
        return apiFetch(versionsUrl(documentId), documentSchema, { method: "POST", form });
      }
      const { content, changeNote, expectedVersion } = editContentInputSchema.parse(input);
      const body = { content, expectedVersion, ...(changeNote ? { changeNote } : {}) };
      return apiFetch(versionsUrl(documentId), documentSchema, { method: "POST", body });
    },
    onSuccess: async (document) => {
      client.setQueryData(documentKeys.detail(documentId), document);
      await client.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}
