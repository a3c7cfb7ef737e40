import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";

/**
 * The Diff page's AI Analysis Summary, computed by the server from the diff: key changes
 * (sections, numbers, dates, amounts, obligations), impact and risk level. Items may be text or
 * objects with their text.
 */
export type DiffAnalysis = {
  keyChanges?: unknown[];
  /** The key changes with their line in each version, for links to the diff's rows. */
  keyChangeItems?: unknown[];
  impact?: string | unknown[];
  riskLevel?: string;
};

/** GET /api/documents/{id}/diff/{from}/{to}/analysis; null (404) while the server has none. */
export const diffAnalysisQueryOptions = (id: string, from: number, to: number) =>
  queryOptions<DiffAnalysis | null>({
    queryKey: ["/api/documents", id, "diff", from, to, "analysis"],
    queryFn: () =>
      getJson<DiffAnalysis>(`/api/documents/${encodeURIComponent(id)}/diff/${from}/${to}/analysis`, [404]),
  });

export function useDiffAnalysis(id: string, from: number, to: number, { enabled = true } = {}) {
  return useQuery({ ...diffAnalysisQueryOptions(id, from, to), enabled });
}
