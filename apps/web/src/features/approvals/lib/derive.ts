import { roundActivityKind, type ApprovalListItem } from "@quire/contracts";
import { utcDayKey } from "@/lib/format";

/** Seed §2 filter buttons of the Approval Dashboard. */
export const approvalFilters = ["All Documents", "In Progress", "Approved", "Rejected"] as const;
export type ApprovalFilter = (typeof approvalFilters)[number];
export type DerivedApprovalStatus = Exclude<ApprovalFilter, "All Documents">;

/** Seed §9: rounded percent of approved over total, 0 when total is 0. */
export function approvalRate(approved: number, total: number): number {
  return total > 0 ? Math.round((approved / total) * 100) : 0;
}

/** The rounds the filter keeps, by the status the server sends with each. */
export function filterApprovals<T extends Pick<ApprovalListItem, "status">>(
  items: readonly T[],
  filter: ApprovalFilter,
): T[] {
  if (filter === "All Documents") return [...items];
  return items.filter((item) => item.status === filter);
}

/** Seed §9: the last 3 activity entries, newest first. */
export function recentActivity<T extends { timestamp: string }>(log: readonly T[], count = 3): T[] {
  return [...log].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)).slice(0, count);
}

export type ActivityPoint = { date: string; submitted: number; reviewed: number; decided: number };

/**
 * Approvals over time: per day (UTC), how many rounds were submitted, how many reviews and final
 * decisions were recorded, from the activity timestamps and the server's action names (a
 * withdrawal or a reminder is none of these). Days without activity are left out.
 */
export function activityOverTime(items: readonly Pick<ApprovalListItem, "activityLog">[]): ActivityPoint[] {
  const days = new Map<string, ActivityPoint>();
  for (const item of items) {
    for (const entry of item.activityLog) {
      const time = Date.parse(entry.timestamp);
      if (Number.isNaN(time)) continue;
      const date = utcDayKey(time);
      const point = days.get(date) ?? { date, submitted: 0, reviewed: 0, decided: 0 };
      const kind = roundActivityKind(entry.action);
      if (!kind) continue;
      point[kind] += 1;
      days.set(date, point);
    }
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}
