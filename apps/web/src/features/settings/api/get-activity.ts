import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { auditPageSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { activityKeys } from "@/lib/query-keys";
import { auditSearchParams, type AuditFilters } from "../lib/audit";

export const AUDIT_REFRESH_MS = 10_000;

/** GET /api/activity (Admin): one page of the audit trail, checked against its contract. */
export const activityQueryOptions = (filters: AuditFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: activityKeys.page(filters, page, pageSize),
    queryFn: () =>
      apiFetch(`/api/activity?${auditSearchParams(filters, { page, pageSize })}`, auditPageSchema),
    // The trail grows with every action: a revisit shows what happened since, and an open page
    // takes in what happens while it is read (every 10 s while the tab is visible).
    staleTime: 0,
    refetchInterval: AUDIT_REFRESH_MS,
  });

export function useActivity(filters: AuditFilters, page: number, pageSize: number) {
  return useQuery({ ...activityQueryOptions(filters, page, pageSize), placeholderData: keepPreviousData });
}

/** GET /api/activity.csv with the same filters: a link the browser downloads. */
export function activityCsvHref(filters: AuditFilters): string {
  const query = auditSearchParams(filters);
  return query ? `/api/activity.csv?${query}` : "/api/activity.csv";
}
