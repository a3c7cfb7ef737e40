import { describe, expect, it } from "vitest";
import { activityOverTime, approvalRate, filterApprovals, recentActivity } from "./derive";

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
    { documentId: "a", status: "Approved" as const },
    { documentId: "b", status: "Rejected" as const },
    { documentId: "c", status: "In Progress" as const },
  ];
  it("filters by the status the server sends", () => {
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
          entry("Submitted for review", "2026-01-02T09:00:00Z"),
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
  it("counts a withdrawn review as neither a review nor a submission", () => {
    const points = activityOverTime([
      {
        activityLog: [
          {
            action: "Review withdrawn",
            userId: "1",
            username: "u",
            timestamp: "2026-01-04T09:00:00Z",
            comment: null,
          },
          {
            action: "Review Changes Requested",
            userId: "1",
            username: "u",
            timestamp: "2026-01-04T08:00:00Z",
            comment: "x",
          },
        ],
      },
    ]);
    expect(points).toEqual([{ date: "2026-01-04", submitted: 0, reviewed: 1, decided: 0 }]);
  });
});
