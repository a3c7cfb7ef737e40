import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ingestionLanguagesSchema, type DocumentLanguage } from "@quire/contracts";
import { apiCommand, apiFetch } from "@/lib/api-client";
import { settingsKeys } from "@/lib/query-keys";

const path = "/api/ingestion/languages";

/** GET /api/ingestion/languages (Admin): the languages scanned pages are read in. */
export function useOcrLanguages() {
  return useQuery({
    queryKey: settingsKeys.ocrLanguages,
    queryFn: () => apiFetch(path, ingestionLanguagesSchema),
  });
}

/** PUT /api/ingestion/languages (Admin); the server refuses an empty or unknown choice. */
export function useSaveOcrLanguages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (languages: DocumentLanguage[]) => apiCommand("PUT", path, { languages }),
    onSuccess: (_none, languages) => client.setQueryData(settingsKeys.ocrLanguages, { languages }),
  });
}
