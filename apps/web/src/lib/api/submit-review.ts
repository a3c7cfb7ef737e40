import { useMutation, useQueryClient } from "@tanstack/react-query";
import { approvalSchema, type Approval, type SubmitReviewBody } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { approvalKeys, documentKeys, searchKeys } from "@/lib/query-keys";

/** POST /api/documents/{id}/submit-review with the chosen reviewers and approver. */
export function submitForReview(
  id: string,
  body: Pick<SubmitReviewBody, "reviewers" | "approverId" | "stages">,
): Promise<Approval> {
  return apiFetch(`/api/documents/${encodeURIComponent(id)}/submit-review`, approvalSchema, {
    method: "POST",
    body,
  });
}

/** Seed §4: on success the document and approval data refresh. */
export function useSubmitForReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: { id: string } & Pick<SubmitReviewBody, "reviewers" | "approverId" | "stages">) =>
      submitForReview(id, body),
    onSuccess: async () => {
      await Promise.all([
        // Also covers documentKeys.approval(id).
        client.invalidateQueries({ queryKey: documentKeys.all }),
        client.invalidateQueries({ queryKey: approvalKeys.all }),
        client.invalidateQueries({ queryKey: searchKeys.all }),
      ]);
    },
  });
}
