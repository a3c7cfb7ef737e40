import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { reviewDecisions, finalDecisions, type Approval } from "@quire/contracts";
import { apiRequest } from "@/lib/api-client";

export const updateApprovalInputSchema = z.object({
  status: z.enum([...reviewDecisions, ...finalDecisions]),
  comment: z.string().trim().max(5000),
});
export type UpdateApprovalInput = z.infer<typeof updateApprovalInputSchema>;
/** A reviewer's decision or the approver's final decision; the server reads different fields for each. */
export type ApprovalAction = "review" | "decide";

/**
 * PATCH /api/documents/{id}/approval with the acting user's own decision; the server knows
 * whether it is a review or the final decision. Document and approval data refresh afterwards.
 */
export function useUpdateApproval(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateApprovalInput & { kind?: ApprovalAction }) => {
      const { status, comment } = updateApprovalInputSchema.parse(input);
      // Seed §7: the final decision is sent as approverStatus and approverComment.
      const body =
        input.kind === "decide"
          ? { approverStatus: status, ...(comment ? { approverComment: comment } : {}) }
          : { status, ...(comment ? { comment } : {}) };
      const res = await apiRequest(
        "PATCH",
        `/api/documents/${encodeURIComponent(documentId)}/approval`,
        body,
      );
      return (await res.json()) as Approval;
    },
    onSuccess: async (approval) => {
      client.setQueryData(["/api/documents", documentId, "approval"], approval);
      await Promise.all([
        client.invalidateQueries({ queryKey: ["/api/documents"] }),
        client.invalidateQueries({ queryKey: ["/api/approvals"] }),
        client.invalidateQueries({ queryKey: ["/api/notifications"] }),
      ]);
    },
  });
}
