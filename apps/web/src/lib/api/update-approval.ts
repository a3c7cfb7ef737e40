import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { approvalSchema, reviewDecisions, finalDecisions, type DecisionKind } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { aiKeys, approvalKeys, documentKeys, notificationKeys, searchKeys } from "@/lib/query-keys";

export const updateApprovalInputSchema = z.object({
  status: z.enum([...reviewDecisions, ...finalDecisions]),
  comment: z.string().trim().max(5000),
});
export type UpdateApprovalInput = z.infer<typeof updateApprovalInputSchema>;
/** A reviewer's decision or the approver's final decision; the server reads different fields for each. */
export type ApprovalAction = DecisionKind;

/**
 * PATCH /api/documents/{id}/approval with the acting user's own decision; the server knows
 * whether it is a review or the final decision. Document and approval data refresh afterwards.
 */
export function useUpdateApproval(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: UpdateApprovalInput & { kind?: ApprovalAction; round: number; password?: string },
    ) => {
      const { status, comment } = updateApprovalInputSchema.parse(input);
      // Seed §7: the final decision is sent as approverStatus and approverComment. The round shown
      // goes too: if a new version opened another round meanwhile, the server refuses (409) rather
      // than record this choice on text the person has not seen.
      const decision =
        input.kind === "decide"
          ? { approverStatus: status, ...(comment ? { approverComment: comment } : {}) }
          : { status, ...(comment ? { comment } : {}) };
      return apiFetch(`/api/documents/${encodeURIComponent(documentId)}/approval`, approvalSchema, {
        method: "PATCH",
        // The password goes only where the category asks for it to be entered again to sign.
        body: { ...decision, round: input.round, ...(input.password ? { password: input.password } : {}) },
      });
    },
    // A refusal usually means the round moved on: show the person the current one.
    onError: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: documentKeys.detail(documentId) }),
        client.invalidateQueries({ queryKey: approvalKeys.all }),
      ]),
    onSuccess: async (approval) => {
      client.setQueryData(documentKeys.approval(documentId), approval);
      await Promise.all([
        client.invalidateQueries({ queryKey: documentKeys.all }),
        client.invalidateQueries({ queryKey: approvalKeys.all }),
        client.invalidateQueries({ queryKey: notificationKeys.all }),
        // A settled review can settle a "stuck in review" suggestion on the Dashboard.
        client.invalidateQueries({ queryKey: aiKeys.suggestions }),
        // Search results carry each document's status badge, and Back shows the cached ones.
        client.invalidateQueries({ queryKey: searchKeys.all }),
      ]);
    },
  });
}
