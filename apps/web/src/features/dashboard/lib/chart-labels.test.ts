import { describe, expect, it } from "vitest";
import { abbreviateLabel } from "./chart-labels";

describe("abbreviateLabel", () => {
  it("keeps short labels and cuts long ones to the limit with an ellipsis", () => {
    expect(abbreviateLabel("Finance")).toBe("Finance");
    expect(abbreviateLabel("Engineering Standards")).toBe("Engineering…");
    expect(Array.from(abbreviateLabel("Ünïcödé characters everywhere")).length).toBeLessThanOrEqual(12);
  });
});
