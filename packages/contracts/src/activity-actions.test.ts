import { describe, expect, it } from "vitest";
import { activityActions, isActivityAction } from "./activity-actions";
import { roundActivityActions, roundActivityKind } from "./decisions";

describe("activity action names", () => {
  it("name each action once and hold every review round's", () => {
    expect(new Set(activityActions).size).toBe(activityActions.length);
    for (const action of Object.values(roundActivityActions).flat())
      expect(isActivityAction(action)).toBe(true);
  });

  it("match whole names only, never a prefix", () => {
    expect(isActivityAction("Review withdrawn")).toBe(true);
    expect(isActivityAction("Review")).toBe(false);
    expect(isActivityAction("review withdrawn")).toBe(false);
    expect(roundActivityKind("Review withdrawn")).toBeNull();
    expect(roundActivityKind("Review Approved")).toBe("reviewed");
  });
});
