import { describe, expect, it } from "vitest";
import type { RoundStage } from "@quire/contracts";
import { approval } from "@/test/fixtures";
import { stageLine } from "./review-action-banner";

const stage = (index: number, name: string, overrides: Partial<RoundStage> = {}): RoundStage => ({
  name,
  roles: ["Reviewer"],
  groupIds: [],
  groups: [],
  quorum: { kind: "all" },
  dueDays: null,
  onChanges: "end",
  onReject: "end",
  sendBack: false,
  index,
  state: "Waiting",
  needed: 1,
  approvals: 0,
  dueOn: null,
  overdue: false,
  assignees: [],
  ...overrides,
});

describe("the review banner's stage line", () => {
  it("names the open stage, its place, the approvals it has and needs, and its due date", () => {
    const round = approval({
      step: 1,
      stages: [
        stage(0, "Quality review", { state: "Passed", approvals: 2, needed: 2 }),
        stage(1, "Regulatory review", { state: "Open", approvals: 1, needed: 2, dueOn: "2026-12-03" }),
        stage(2, "Release approval"),
      ],
    });
    expect(stageLine(round)).toBe(" · Regulatory review, stage 2 of 3: 1 of 2 approvals, due 2026-12-03");
  });

  it("says nothing of stages once the round has ended, and no place for a one-stage flow", () => {
    expect(stageLine(approval({ step: null, stages: [stage(0, "Review")] }))).toBe("");
    expect(stageLine(approval({ step: 0, stages: [stage(0, "Review", { state: "Open" })] }))).toBe(
      " · Review: 0 of 1 approval",
    );
  });
});
