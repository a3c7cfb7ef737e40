import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { documentSchema, periodicReviewSuggestionSchema, type PeriodicReviewInput } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

const base = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/periodic-review`;

/** GET …/periodic-review/suggestion: the dates the effective version's opening lines state. */
export function useReviewSuggestion(documentId: string, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.reviewSuggestion(documentId),
    queryFn: () => apiFetch(`${base(documentId)}/suggestion`, periodicReviewSuggestionSchema),
    enabled,
  });
}

/** PUT …/periodic-review: the owner confirms the effective date and the interval. */
export function useSetPeriodicReview(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PeriodicReviewInput) =>
      apiFetch(base(documentId), documentSchema, { method: "PUT", body: input }),
    onSuccess: (document) => {
      client.setQueryData(documentKeys.detail(documentId), document);
      void client.invalidateQueries({ queryKey: documentKeys.reviewsDue() });
    },
  });
}

/** POST …/periodic-review/confirm: the effective version stays as it is; the next review moves on. */
export function useReconfirm(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) =>
      apiFetch(`${base(documentId)}/confirm`, documentSchema, {
        method: "POST",
        body: comment.trim() ? { comment: comment.trim() } : {},
      }),
    onSuccess: (document) => {
      client.setQueryData(documentKeys.detail(documentId), document);
      void client.invalidateQueries({ queryKey: documentKeys.reviewsDue() });
      // The history gains its "Confirmed periodic review" entry.
      void client.invalidateQueries({ queryKey: documentKeys.detail(documentId) });
    },
  });
}
