import { useQuery } from "@tanstack/react-query";
import { changeAnalysisSchema } from "@quire/contracts";
import { apiFetchOrNull } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** GET …/diff/{from}/{to}/analysis for the decision form; null (404) while the server has none. */
export function useChangeAnalysis(documentId: string, from: number, to: number, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.diffAnalysis(documentId, from, to),
    queryFn: () =>
      apiFetchOrNull(
        `/api/documents/${encodeURIComponent(documentId)}/diff/${from}/${to}/analysis`,
        changeAnalysisSchema,
        [404],
      ),
    enabled,
  });
}
