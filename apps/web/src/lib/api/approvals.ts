import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApprovalListItem, ApprovalStats } from "@quire/contracts";

/** GET /api/approvals: the latest round of every document the user may see. */
export const approvalsQueryOptions = queryOptions<ApprovalListItem[]>({ queryKey: ["/api/approvals"] });

/** GET /api/approvals/stats: total, pending and approved over those rounds. */
export const approvalStatsQueryOptions = queryOptions<ApprovalStats>({
  queryKey: ["/api/approvals", "stats"],
});

export function useApprovals() {
  return useQuery(approvalsQueryOptions);
}

export function useApprovalStats() {
  return useQuery(approvalStatsQueryOptions);
}
