import { queryOptions, useQuery } from "@tanstack/react-query";
import { changeAnalysisSchema, type ChangeAnalysis } from "@quire/contracts";
import { apiFetchOrNull } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/**
 * The Diff page's AI Analysis Summary, computed by the server from the diff: key changes
 * (sections, numbers, dates, amounts, obligations), impact and risk level.
 */
export type DiffAnalysis = ChangeAnalysis;

/** GET /api/documents/{id}/diff/{from}/{to}/analysis; null (404) while the server has none. */
export const diffAnalysisQueryOptions = (id: string, from: number, to: number) =>
  queryOptions({
    queryKey: documentKeys.diffAnalysis(id, from, to),
    queryFn: () =>
      apiFetchOrNull(
        `/api/documents/${encodeURIComponent(id)}/diff/${from}/${to}/analysis`,
        changeAnalysisSchema,
        [404],
      ),
  });

export function useDiffAnalysis(id: string, from: number, to: number, { enabled = true } = {}) {
  return useQuery({ ...diffAnalysisQueryOptions(id, from, to), enabled });
}
