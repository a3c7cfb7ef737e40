import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { actionErrorMessage, forbiddenMessage } from "./forbidden";

describe("forbidden messages", () => {
  it("name the role and the action", () => {
    expect(forbiddenMessage("Viewer", "upload documents")).toBe(
      "Your role (Viewer) cannot upload documents.",
    );
  });

  it("explain a 403 instead of asking to try again, and keep other errors' messages", () => {
    const refused = new ApiError(
      403,
      JSON.stringify({ message: "Your role does not allow this action" }),
      "",
    );
    expect(actionErrorMessage(refused, { role: "Reviewer", doing: "upload documents" })).toBe(
      "Your role (Reviewer) cannot upload documents.",
    );
    const broken = new ApiError(500, JSON.stringify({ message: "Disk full" }), "");
    expect(actionErrorMessage(broken, { role: "Author", doing: "upload documents" })).toBe("Disk full");
  });
});
