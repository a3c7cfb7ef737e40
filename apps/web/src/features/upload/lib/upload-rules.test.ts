import { describe, expect, it } from "vitest";
import { formatFileSize, titleFromFilename } from "./upload-rules";

describe("titleFromFilename", () => {
  it("drops only the last extension", () => {
    expect(titleFromFilename("Q3 report.final.pdf")).toBe("Q3 report.final");
    expect(titleFromFilename("users-and-groups.pdf")).toBe("users-and-groups");
  });
  it("keeps names without an extension and dot files", () => {
    expect(titleFromFilename("README")).toBe("README");
    expect(titleFromFilename(".env")).toBe(".env");
  });
  it("ignores any path a browser passes along", () => {
    expect(titleFromFilename("C:\\Users\\me\\Policy.docx")).toBe("Policy");
  });
  it("keeps markup in a file name as plain characters", () => {
    expect(titleFromFilename("<img src=x onerror=alert(1)>.txt")).toBe("<img src=x onerror=alert(1)>");
  });
});

describe("formatFileSize", () => {
  it("uses B, KB and MB", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10.0 MB");
  });
});
