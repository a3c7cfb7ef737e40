import { describe, expect, it } from "vitest";
import {
  applyIntent,
  approvalAbilities,
  readIntent,
  reviewProgress,
  roundInvariantViolation,
  roundStatus,
  stageAfterReview,
  type RoundState,
} from "./policy";

const round = (overrides: Partial<RoundState> = {}): RoundState => ({
  stage: "Awaiting Review",
  reviewers: [
    { id: "r1", status: "Pending" },
    { id: "r2", status: "Pending" },
  ],
  approverId: "a1",
  approverStatus: "Pending",
  ...overrides,
});

describe("stageAfterReview (seed §4)", () => {
  it("is Changes Requested if any reviewer asks, Awaiting Approval once none is Pending", () => {
    expect(stageAfterReview([{ id: "r1", status: "Pending" }])).toBe("Awaiting Review");
    expect(
      stageAfterReview([
        { id: "r1", status: "Approved" },
        { id: "r2", status: "Pending" },
      ]),
    ).toBe("Awaiting Review");
    expect(
      stageAfterReview([
        { id: "r1", status: "Changes Requested" },
        { id: "r2", status: "Pending" },
      ]),
    ).toBe("Changes Requested");
    expect(stageAfterReview([{ id: "r1", status: "Approved" }])).toBe("Awaiting Approval");
  });
});

describe("who may act, when (role × stage)", () => {
  const stages = [
    "Awaiting Review",
    "Awaiting Approval",
    "Approved",
    "Rejected",
    "Changes Requested",
  ] as const;
  for (const stage of stages) {
    it(`in ${stage}`, () => {
      const r = round({ stage, reviewers: [{ id: "r1", status: "Pending" }] });
      expect(approvalAbilities("r1", r)).toEqual({ review: stage === "Awaiting Review", decide: false });
      expect(approvalAbilities("a1", r)).toEqual({ review: false, decide: stage === "Awaiting Approval" });
      expect(approvalAbilities("someone", r)).toEqual({ review: false, decide: false });
    });
  }

  it("answers 403 to the unassigned before 409 for the wrong stage", () => {
    const r = round({ stage: "Approved" });
    expect(() => readIntent("x", r, { status: "Approved" })).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    const intent = readIntent("r1", r, { status: "Approved" });
    expect(() => applyIntent("r1", r, intent)).toThrow(expect.objectContaining({ statusCode: 409 }));
  });
});

describe("readIntent", () => {
  it("reads a reviewer's own entry and ignores the others, stage and log", () => {
    const intent = readIntent("r2", round(), {
      reviewers: [
        { id: "r1", status: "Changes Requested", comment: "forged" },
        { id: "r2", status: "Approved", comment: " fine " },
      ],
      stage: "Approved",
      activityLog: [],
    });
    expect(intent).toEqual({ kind: "review", status: "Approved", comment: "fine" });
  });

  it("needs the approver's own decision field", () => {
    expect(readIntent("a1", round(), { approverStatus: "Rejected", approverComment: "no" })).toEqual({
      kind: "decide",
      status: "Rejected",
      comment: "no",
    });
    expect(() => readIntent("a1", round(), { status: "Approved" })).toThrow(
      expect.objectContaining({ statusCode: 400 }),
    );
    expect(() => readIntent("r1", round(), { status: "Pending" })).toThrow(
      expect.objectContaining({ statusCode: 400 }),
    );
  });
});

describe("applyIntent", () => {
  it("walks a round to Approved with every intermediate state valid", () => {
    let r = round();
    r = applyIntent("r1", r, { kind: "review", status: "Approved", comment: null });
    expect(roundInvariantViolation(r)).toBeNull();
    expect(() => applyIntent("r1", r, { kind: "review", status: "Approved", comment: null })).toThrow(
      /already/,
    );
    r = applyIntent("r2", r, { kind: "review", status: "Approved", comment: null });
    expect(r.stage).toBe("Awaiting Approval");
    r = applyIntent("a1", r, { kind: "decide", status: "Approved", comment: null });
    expect(r).toMatchObject({ stage: "Approved", approverStatus: "Approved" });
    expect(roundInvariantViolation(r)).toBeNull();
  });
});

const reviewer = (status: "Pending" | "Approved" | "Changes Requested") => ({ id: "r", status });

describe("roundStatus (the status the Approval Dashboard shows and filters by)", () => {
  it("is Approved when the stage is Approved", () => {
    expect(roundStatus({ stage: "Approved", reviewers: [], approverStatus: "Pending" })).toBe("Approved");
  });
  it("is Approved when every reviewer and the approver approved", () => {
    expect(
      roundStatus({
        stage: "Awaiting Approval",
        reviewers: [reviewer("Approved"), reviewer("Approved")],
        approverStatus: "Approved",
      }),
    ).toBe("Approved");
  });
  it("is Rejected when the stage is Rejected or the approver rejected", () => {
    expect(roundStatus({ stage: "Rejected", reviewers: [], approverStatus: "Pending" })).toBe("Rejected");
    expect(
      roundStatus({
        stage: "Awaiting Approval",
        reviewers: [reviewer("Approved")],
        approverStatus: "Rejected",
      }),
    ).toBe("Rejected");
  });
  it("is In Progress otherwise", () => {
    expect(
      roundStatus({
        stage: "Awaiting Review",
        reviewers: [reviewer("Approved"), reviewer("Pending")],
        approverStatus: "Pending",
      }),
    ).toBe("In Progress");
    expect(
      roundStatus({ stage: "Not Started" as RoundState["stage"], reviewers: [], approverStatus: "Approved" }),
    ).toBe("In Progress");
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
