import type { ApprovalListItem } from "@quire/contracts";
import { utcDayKey } from "@/lib/format";

/** Seed §2 filter buttons of the Approval Dashboard. */
export const approvalFilters = ["All Documents", "In Progress", "Approved", "Rejected"] as const;
export type ApprovalFilter = (typeof approvalFilters)[number];
export type DerivedApprovalStatus = Exclude<ApprovalFilter, "All Documents">;

type Round = Pick<ApprovalListItem, "stage" | "reviewers" | "approverStatus">;

/**
 * Seed §4 derived status: Approved if the stage is Approved or every reviewer and the approver
 * approved; Rejected if the stage is Rejected or anyone rejected; otherwise In Progress.
 * (Approved is checked first, as the seed lists it first.)
 */
export function deriveApprovalStatus(round: Round): DerivedApprovalStatus {
  const reviewersApproved =
    round.reviewers.length > 0 && round.reviewers.every((r) => r.status === "Approved");
  if (round.stage === "Approved" || (reviewersApproved && round.approverStatus === "Approved"))
    return "Approved";
  const anyRejected =
    round.reviewers.some((r) => (r.status as string) === "Rejected") || round.approverStatus === "Rejected";
  if (round.stage === "Rejected" || anyRejected) return "Rejected";
  return "In Progress";
}

/** Seed §4: share of reviewers with status Approved, as a whole percent (0 with no reviewers). */
export function reviewProgress(reviewers: readonly { status: string }[]): number {
  if (reviewers.length === 0) return 0;
  return Math.round((reviewers.filter((r) => r.status === "Approved").length / reviewers.length) * 100);
}

/** Seed §9: rounded percent of approved over total, 0 when total is 0. */
export function approvalRate(approved: number, total: number): number {
  return total > 0 ? Math.round((approved / total) * 100) : 0;
}

export function filterApprovals<T extends Round>(items: readonly T[], filter: ApprovalFilter): T[] {
  if (filter === "All Documents") return [...items];
  return items.filter((item) => deriveApprovalStatus(item) === filter);
}

/** Seed §9: the last 3 activity entries, newest first. */
export function recentActivity<T extends { timestamp: string }>(log: readonly T[], count = 3): T[] {
  return [...log].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)).slice(0, count);
}

export type ActivityPoint = { date: string; submitted: number; reviewed: number; decided: number };

/**
 * Approvals over time: per day (UTC), how many rounds were submitted, how many reviews and final
 * decisions were recorded, from the activity timestamps. Days without activity are left out.
 */
export function activityOverTime(items: readonly Pick<ApprovalListItem, "activityLog">[]): ActivityPoint[] {
  const days = new Map<string, ActivityPoint>();
  for (const item of items) {
    for (const entry of item.activityLog) {
      const time = Date.parse(entry.timestamp);
      if (Number.isNaN(time)) continue;
      const date = utcDayKey(time);
      const point = days.get(date) ?? { date, submitted: 0, reviewed: 0, decided: 0 };
      if (entry.action.startsWith("Review ")) point.reviewed += 1;
      else if (entry.action.startsWith("Final ")) point.decided += 1;
      else point.submitted += 1;
      days.set(date, point);
    }
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}
