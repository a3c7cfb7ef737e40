import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { categoryReviewIntervalSchema } from "@quire/contracts";
import { apiCommand, apiFetch } from "@/lib/api-client";
import { categoryKeys, documentKeys } from "@/lib/query-keys";

const path = (categoryId: string) => `/api/categories/${encodeURIComponent(categoryId)}/review-interval`;

/** GET /api/categories/{id}/review-interval (Admin): months between periodic reviews, or null. */
export function useCategoryReviewInterval(categoryId: string | null) {
  return useQuery({
    queryKey: categoryKeys.reviewInterval(categoryId ?? ""),
    queryFn: () => apiFetch(path(categoryId ?? ""), categoryReviewIntervalSchema),
    enabled: categoryId !== null,
  });
}

/** PUT /api/categories/{id}/review-interval (Admin); the review dates of documents following it move. */
export function usePutCategoryReviewInterval(categoryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (months: number | null) => apiCommand("PUT", path(categoryId), { months }),
    onSuccess: async (_none, months) => {
      client.setQueryData(categoryKeys.reviewInterval(categoryId), { months });
      await client.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}
