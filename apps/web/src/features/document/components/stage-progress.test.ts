import { describe, expect, it } from "vitest";
import { PROGRESS_STAGES, reachedStages } from "./approvals-tab";

type Stage = Parameters<typeof reachedStages>[0]["stage"];
const round = (stage: Stage, statuses: Array<"Pending" | "Approved" | "Changes Requested">) => ({
  stage,
  reviewers: statuses.map((status, i) => ({ id: String(i), username: `r${i}`, status, comment: null })),
});

describe("stage pills tick only the stages a round reached", () => {
  it("ticks the stages before the current one while the round is open", () => {
    expect(reachedStages(round("Awaiting Review", ["Pending"]))).toBe(1);
    expect(reachedStages(round("Awaiting Approval", ["Approved"]))).toBe(2);
  });

  it("never ticks Awaiting Approval for a round sent back during review", () => {
    expect(reachedStages(round("Changes Requested", ["Approved", "Changes Requested"]))).toBe(2);
  });

  it("ticks all three once a decision was taken", () => {
    expect(reachedStages(round("Approved", ["Approved"]))).toBe(PROGRESS_STAGES.length);
    expect(reachedStages(round("Rejected", ["Approved"]))).toBe(PROGRESS_STAGES.length);
  });

  it("ticks Awaiting Approval for a withdrawn round only if every reviewer had approved", () => {
    expect(reachedStages(round("Withdrawn", ["Approved", "Pending"]))).toBe(2);
    expect(reachedStages(round("Withdrawn", ["Approved", "Approved"]))).toBe(PROGRESS_STAGES.length);
  });
});
