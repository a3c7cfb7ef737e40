import { useQueryClient } from "@tanstack/react-query";
import { documentSchema, duplicateUploadSchema, type Document, type DuplicateUpload } from "@quire/contracts";
import { useCallback } from "react";
import { ApiError, parseAnswer, retryDelaySeconds } from "@/lib/api-client";
import { categoryKeys, documentKeys } from "@/lib/query-keys";

export type UploadInput = {
  file: File;
  /** Empty: the server takes the document's own title (metadata or first heading), else the file name. */
  title: string;
  /** Empty: Quire files it (filing/choose.ts on the server) and marks it for confirmation. */
  categoryId: string;
  tags?: string[];
  /** The person confirmed they want a copy of a file the archive already holds. */
  allowDuplicate?: boolean;
};

/** The archive already holds these exact bytes as a document the user can see (409). */
export class DuplicateUploadError extends Error {
  readonly existing: DuplicateUpload["existing"];
  constructor(answer: DuplicateUpload) {
    super(answer.message);
    this.name = "DuplicateUploadError";
    this.existing = answer.existing;
  }
}

function formOf({ file, title, categoryId, tags, allowDuplicate }: UploadInput): FormData {
  const form = new FormData();
  // Fields before the file, so the server has them when the file stream starts.
  form.append("title", title);
  // No category: the server files it by its content (or in Unfiled) and asks to confirm.
  if (categoryId) form.append("categoryId", categoryId);
  if (tags && tags.length > 0) form.append("tags", tags.join(","));
  if (allowDuplicate) form.append("allowDuplicate", "true");
  form.append("file", file, file.name);
  return form;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * POST /api/documents/upload (multipart) → 201 with the new document, or 202 with it stored and
 * still to be converted (a server whose API processes leave converting to workers); either way its
 * processing state says what is under way. XMLHttpRequest rather than fetch because only it
 * reports upload progress (0..1) while the bytes go out.
 */
export function uploadDocument(
  input: UploadInput,
  onProgress?: (share: number) => void,
  retried = false,
): Promise<Document> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/documents/upload");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new TypeError("Failed to fetch"));
    xhr.onload = () => {
      // Busy with uploads: wait as asked and send once more (api-client does the same for fetch).
      const delay = retried
        ? null
        : retryDelaySeconds({ status: xhr.status, headers: { get: (name) => xhr.getResponseHeader(name) } });
      if (delay !== null) {
        setTimeout(() => uploadDocument(input, onProgress, true).then(resolve, reject), delay * 1000);
        return;
      }
      const body = parseJson(xhr.responseText);
      if (xhr.status === 201 || xhr.status === 202) {
        try {
          resolve(parseAnswer("/api/documents/upload", documentSchema, body));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
        return;
      }
      const duplicate = xhr.status === 409 ? duplicateUploadSchema.safeParse(body) : null;
      if (duplicate?.success) reject(new DuplicateUploadError(duplicate.data));
      else reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.send(formOf(input));
  });
}

/** Seed §7: after each upload the documents and the category stats refresh. */
export function useUploadDocument() {
  const client = useQueryClient();
  return useCallback(
    async (input: UploadInput, onProgress?: (share: number) => void) => {
      const document = await uploadDocument(input, onProgress);
      client.setQueryData(documentKeys.detail(document.id), document);
      await Promise.all([
        client.invalidateQueries({ queryKey: documentKeys.all }),
        client.invalidateQueries({ queryKey: categoryKeys.all }),
      ]);
      return document;
    },
    [client],
  );
}
