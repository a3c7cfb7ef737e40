import { describe, expect, it } from "vitest";
import {
  activityOverTime,
  approvalRate,
  deriveApprovalStatus,
  filterApprovals,
  recentActivity,
  reviewProgress,
} from "./derive";

const reviewer = (status: "Pending" | "Approved" | "Changes Requested") => ({
  id: "r",
  username: "r",
  status,
  comment: null,
});

describe("deriveApprovalStatus", () => {
  it("is Approved when the stage is Approved", () => {
    expect(deriveApprovalStatus({ stage: "Approved", reviewers: [], approverStatus: "Pending" })).toBe(
      "Approved",
    );
  });
  it("is Approved when every reviewer and the approver approved", () => {
    expect(
      deriveApprovalStatus({
        stage: "Awaiting Approval",
        reviewers: [reviewer("Approved"), reviewer("Approved")],
        approverStatus: "Approved",
      }),
    ).toBe("Approved");
  });
  it("is Rejected when the stage is Rejected or the approver rejected", () => {
    expect(deriveApprovalStatus({ stage: "Rejected", reviewers: [], approverStatus: "Pending" })).toBe(
      "Rejected",
    );
    expect(
      deriveApprovalStatus({
        stage: "Awaiting Approval",
        reviewers: [reviewer("Approved")],
        approverStatus: "Rejected",
      }),
    ).toBe("Rejected");
  });
  it("is In Progress otherwise", () => {
    expect(
      deriveApprovalStatus({
        stage: "Awaiting Review",
        reviewers: [reviewer("Approved"), reviewer("Pending")],
        approverStatus: "Pending",
      }),
    ).toBe("In Progress");
    expect(deriveApprovalStatus({ stage: "Not Started", reviewers: [], approverStatus: "Approved" })).toBe(
      "In Progress",
    );
  });
});

describe("reviewProgress", () => {
  it("is the share of reviewers who approved, 0 with none", () => {
    expect(reviewProgress([])).toBe(0);
    expect(reviewProgress([reviewer("Approved"), reviewer("Pending")])).toBe(50);
    expect(reviewProgress([reviewer("Approved"), reviewer("Pending"), reviewer("Pending")])).toBe(33);
    expect(reviewProgress([reviewer("Approved")])).toBe(100);
  });
});

describe("approvalRate", () => {
  it("rounds approved over total and is 0 for no documents", () => {
    expect(approvalRate(0, 0)).toBe(0);
    expect(approvalRate(2, 3)).toBe(67);
    expect(approvalRate(1, 8)).toBe(13);
    expect(approvalRate(5, 5)).toBe(100);
  });
});

describe("filters, activity and chart data", () => {
  const items = [
    { stage: "Approved" as const, reviewers: [], approverStatus: "Approved" as const },
    { stage: "Rejected" as const, reviewers: [], approverStatus: "Rejected" as const },
    {
      stage: "Awaiting Review" as const,
      reviewers: [reviewer("Pending")],
      approverStatus: "Pending" as const,
    },
  ];
  it("filters by derived status", () => {
    expect(filterApprovals(items, "All Documents")).toHaveLength(3);
    expect(filterApprovals(items, "Approved")).toEqual([items[0]]);
    expect(filterApprovals(items, "Rejected")).toEqual([items[1]]);
    expect(filterApprovals(items, "In Progress")).toEqual([items[2]]);
  });
  it("keeps the last 3 activity entries, newest first", () => {
    const log = ["2026-01-01", "2026-01-04", "2026-01-02", "2026-01-03"].map((d) => ({
      timestamp: `${d}T10:00:00Z`,
    }));
    expect(recentActivity(log).map((e) => e.timestamp.slice(0, 10))).toEqual([
      "2026-01-04",
      "2026-01-03",
      "2026-01-02",
    ]);
  });
  it("counts submissions, reviews and decisions per day", () => {
    const entry = (action: string, timestamp: string) => ({
      action,
      userId: "1",
      username: "u",
      timestamp,
      comment: null,
    });
    const points = activityOverTime([
      {
        activityLog: [
          entry("Submitted for Review", "2026-01-02T09:00:00Z"),
          entry("Review Approved", "2026-01-02T10:00:00Z"),
          entry("Final Approved", "2026-01-03T10:00:00Z"),
          entry("Bad", "not a date"),
        ],
      },
    ]);
    expect(points).toEqual([
      { date: "2026-01-02", submitted: 1, reviewed: 1, decided: 0 },
      { date: "2026-01-03", submitted: 0, reviewed: 0, decided: 1 },
    ]);
  });
});
