import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";

/** Seed §3 Improvement suggestion, computed by the server's content checks. */
export type ImprovementSuggestion = {
  id: string;
  title: string;
  description: string;
  priority: string;
  type: string;
  estimatedTime?: string;
};

/** The list may come bare or wrapped (`{suggestions}` / `{items}`); both read the same. */
function toList(answer: unknown): ImprovementSuggestion[] {
  if (Array.isArray(answer)) return answer as ImprovementSuggestion[];
  if (answer && typeof answer === "object") {
    for (const key of ["suggestions", "items", "improvements"]) {
      const value = (answer as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as ImprovementSuggestion[];
    }
  }
  return [];
}

/** GET /api/documents/{id}/improvements; null (404) while the server has none, so the section hides. */
export const improvementsQueryOptions = (documentId: string) =>
  queryOptions<ImprovementSuggestion[] | null>({
    queryKey: ["/api/documents", documentId, "improvements"],
    queryFn: async () => {
      const answer = await getJson<unknown>(
        `/api/documents/${encodeURIComponent(documentId)}/improvements`,
        [404],
      );
      return answer === null ? null : toList(answer);
    },
  });

export function useImprovements(documentId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...improvementsQueryOptions(documentId), enabled });
}
