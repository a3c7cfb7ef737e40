import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { uploadErrorDescription, uploadRetryable } from "./upload-error";

const generic = "There was an error uploading your document. Please try again.";

describe("uploadErrorDescription", () => {
  it("shows the server's message for a refused file", () => {
    for (const status of [413, 415, 422]) {
      const error = new ApiError(status, JSON.stringify({ message: `refused ${status}` }), "");
      expect(uploadErrorDescription(error)).toBe(`refused ${status}`);
    }
  });
  it("uses the seed's text for server errors, network errors and bodies without a message", () => {
    expect(uploadErrorDescription(new ApiError(500, JSON.stringify({ message: "boom" }), ""))).toBe(generic);
    expect(uploadErrorDescription(new TypeError("Failed to fetch"))).toBe(generic);
    expect(uploadErrorDescription(new ApiError(413, "<html>Too Large</html>", "Payload Too Large"))).toBe(
      generic,
    );
  });
  it("explains a 403 by the role instead of asking to try again", () => {
    const error = new ApiError(403, JSON.stringify({ message: "Forbidden" }), "Forbidden");
    expect(uploadErrorDescription(error, "Viewer")).toBe("Your role (Viewer) cannot upload documents.");
    expect(uploadErrorDescription(error)).toBe("Your role cannot upload documents.");
  });
  it("offers Retry only where the same file could pass next time", () => {
    for (const status of [400, 403, 413, 415, 422]) {
      expect(uploadRetryable(new ApiError(status, JSON.stringify({ message: "refused" }), ""))).toBe(false);
    }
    expect(uploadRetryable(new ApiError(429, "", "Too Many Requests"))).toBe(true);
    expect(uploadRetryable(new ApiError(500, "", "Internal Server Error"))).toBe(true);
    expect(uploadRetryable(new TypeError("Failed to fetch"))).toBe(true);
  });
});
