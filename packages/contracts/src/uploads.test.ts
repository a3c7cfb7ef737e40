import { describe, expect, it } from "vitest";
import { hasAcceptedExtension, normaliseTags, splitTags, titleFromFilename } from "./uploads";
import { decisionChoices, decisionNeedsReason, isDecisionOf } from "./decisions";

describe("the upload rules server and web share", () => {
  it("a title from a file name reads underscores as spaces and drops folders and the extension", () => {
    expect(titleFromFilename("Q3_travel__policy.final.pdf")).toBe("Q3 travel policy.final");
    expect(titleFromFilename("C:\\Users\\me\\Leave_Policy.docx")).toBe("Leave Policy");
    expect(titleFromFilename(".env")).toBe(".env");
    expect(titleFromFilename("___.txt")).toBe("Untitled document");
  });

  it("accepts .markdown as the server's upload and import do, in any case", () => {
    expect(hasAcceptedExtension("notes.markdown")).toBe(true);
    expect(hasAcceptedExtension("NOTES.MD")).toBe(true);
    expect(hasAcceptedExtension("notes.rtf")).toBe(false);
  });

  it("tags are lower case, collapsed, de-duplicated, at most 50 characters and 30 tags", () => {
    expect(normaliseTags([" Policy ", "policy", "Data   Retention", ""])).toEqual([
      "policy",
      "data retention",
    ]);
    expect(normaliseTags(["x".repeat(80)])).toEqual(["x".repeat(50)]);
    expect(splitTags(Array.from({ length: 40 }, (_, i) => `t${i}`).join(","))).toHaveLength(30);
    expect(splitTags("HR, hr ,Leave")).toEqual(["hr", "leave"]);
  });
});

describe("decision choices", () => {
  it("a reviewer approves or asks for changes; the approver approves or rejects", () => {
    expect(decisionChoices.review).toEqual(["Approved", "Changes Requested"]);
    expect(decisionChoices.decide).toEqual(["Approved", "Rejected"]);
    expect(isDecisionOf("review", "Rejected")).toBe(false);
    expect(isDecisionOf("decide", "Changes Requested")).toBe(false);
  });

  it("asking for changes and rejecting need a reason; approving does not", () => {
    expect(decisionNeedsReason("Changes Requested")).toBe(true);
    expect(decisionNeedsReason("Rejected")).toBe(true);
    expect(decisionNeedsReason("Approved")).toBe(false);
  });
});
