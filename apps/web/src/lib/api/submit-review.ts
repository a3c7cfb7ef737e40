import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Approval, SubmitReviewBody } from "@quire/contracts";
import { apiRequest } from "../api-client";

/** POST /api/documents/{id}/submit-review with the chosen reviewers and approver. */
export async function submitForReview(
  id: string,
  body: Required<Pick<SubmitReviewBody, "reviewers" | "approverId">>,
): Promise<Approval> {
  const res = await apiRequest("POST", `/api/documents/${encodeURIComponent(id)}/submit-review`, body);
  return (await res.json()) as Approval;
}

/** Seed §4: on success the document and approval data refresh. */
export function useSubmitForReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reviewers, approverId }: { id: string; reviewers: string[]; approverId: string }) =>
      submitForReview(id, { reviewers, approverId }),
    onSuccess: async () => {
      await Promise.all([
        // Also covers ["/api/documents", id, "approval"].
        client.invalidateQueries({ queryKey: ["/api/documents"] }),
        client.invalidateQueries({ queryKey: ["/api/approvals"] }),
        client.invalidateQueries({ queryKey: ["/api/search"] }),
      ]);
    },
  });
}
