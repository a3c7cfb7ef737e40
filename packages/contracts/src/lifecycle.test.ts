import { describe, expect, it } from "vitest";
import { documentStatuses } from "./documents";
import { canSubmitForReview, statusAfterNewVersion, statusForStage, submissionRefusal } from "./lifecycle";

describe("document lifecycle", () => {
  it("submits only a Draft, and tells every other status what makes it submittable again", () => {
    for (const status of documentStatuses) {
      expect(canSubmitForReview(status)).toBe(status === "Draft");
      expect(submissionRefusal(status) === null).toBe(status === "Draft");
    }
    expect(submissionRefusal("Changes Requested")).toMatch(/new version/);
  });

  it("a new version returns a settled document to Draft and leaves one In Review in review", () => {
    expect(documentStatuses.map((s) => [s, statusAfterNewVersion(s)])).toEqual([
      ["Draft", "Draft"],
      ["In Review", "In Review"],
      ["Approved", "Draft"],
      ["Rejected", "Draft"],
      ["Changes Requested", "Draft"],
    ]);
  });

  it("maps each stage of a round to the document's status", () => {
    expect(statusForStage("Awaiting Review")).toBe("In Review");
    expect(statusForStage("Awaiting Approval")).toBe("In Review");
    expect(statusForStage("Changes Requested")).toBe("Changes Requested");
    expect(statusForStage("Approved")).toBe("Approved");
    expect(statusForStage("Rejected")).toBe("Rejected");
    expect(statusForStage("Withdrawn")).toBe("Draft");
  });
});
