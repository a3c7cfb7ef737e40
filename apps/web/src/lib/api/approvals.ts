import { queryOptions, useQuery } from "@tanstack/react-query";
import { approvalListItemSchema, approvalStatsSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { approvalKeys } from "@/lib/query-keys";

/** GET /api/approvals: the latest round of every document the user may see. */
export const approvalsQueryOptions = queryOptions({
  queryKey: approvalKeys.all,
  queryFn: () => apiFetch("/api/approvals", approvalListItemSchema.array()),
});

/** GET /api/approvals/stats: total, pending and approved over those rounds. */
export const approvalStatsQueryOptions = queryOptions({
  queryKey: approvalKeys.stats(),
  queryFn: () => apiFetch("/api/approvals/stats", approvalStatsSchema),
});

export function useApprovals() {
  return useQuery(approvalsQueryOptions);
}

export function useApprovalStats() {
  return useQuery(approvalStatsQueryOptions);
}
