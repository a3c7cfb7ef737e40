import { useQueries } from "@tanstack/react-query";
import { uploadAnalysisSchema, type UploadAnalysis } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { uploadKeys } from "@/lib/query-keys";

/**
 * POST /api/documents/upload/analyse (multipart, like the upload): the server reads the file as an
 * upload would (type, size, conversion) and answers its title, suggested category and where it
 * would be filed, storing nothing; a file it would refuse answers the upload's own status and message.
 */
export function analyseUpload(file: File): Promise<UploadAnalysis> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiFetch("/api/documents/upload/analyse", uploadAnalysisSchema, { method: "POST", form });
}

/** One analysis per chosen file, asked once on selection; a refusal is an answer, never retried. */
export function useUploadAnalyses(files: File[]) {
  return useQueries({
    queries: files.map((file) => ({
      queryKey: uploadKeys.analyse(file.name, file.size, file.lastModified),
      queryFn: () => analyseUpload(file),
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    })),
  });
}
