import { describe, expect, it } from "vitest";
import { defaultComparison, versionLabel } from "./comparison";

describe("defaultComparison", () => {
  it("puts the second entry left and the first entry right (newest first)", () => {
    expect(defaultComparison([{ version: 3 }, { version: 2 }, { version: 1 }])).toEqual({ from: 2, to: 3 });
  });

  it("has nothing to compare with fewer than two versions", () => {
    expect(defaultComparison([{ version: 1 }])).toEqual({ from: null, to: 1 });
    expect(defaultComparison([])).toEqual({ from: null, to: null });
  });
});

describe("versionLabel", () => {
  it("shows the change note, or 'Version N' without one", () => {
    expect(versionLabel({ version: 2, changeNote: "Raised limits" })).toBe("Raised limits");
    expect(versionLabel({ version: 1, changeNote: null })).toBe("Version 1");
    expect(versionLabel({ version: 4, changeNote: "   " })).toBe("Version 4");
  });
});
