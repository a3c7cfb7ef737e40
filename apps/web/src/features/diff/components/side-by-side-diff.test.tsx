import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SideBySideRow } from "@/lib/api/version-diff";
import { SideBySideDiff } from "./side-by-side-diff";

const rows: SideBySideRow[] = [
  { kind: "unchanged", left: { number: 1, text: "# Policy" }, right: { number: 1, text: "# Policy" } },
  {
    kind: "changed",
    left: {
      number: 2,
      text: "Limit is £40 per day",
      segments: [
        { text: "Limit is ", kind: "same" },
        { text: "£40", kind: "removed" },
        { text: " per day", kind: "same" },
      ],
    },
    right: {
      number: 2,
      text: "Limit is £45 per day",
      segments: [
        { text: "Limit is ", kind: "same" },
        { text: "£45", kind: "added" },
        { text: " per day", kind: "same" },
      ],
    },
  },
  { kind: "removed", left: { number: 3, text: "Old rule" }, right: null },
  { kind: "added", left: null, right: { number: 3, text: "<b>New</b> rule" } },
];

describe("SideBySideDiff", () => {
  it("highlights removed words on the left and added words on the right", () => {
    render(<SideBySideDiff rows={rows} fromLabel="Version 1" toLabel="Version 2" />);
    expect(screen.getByTestId("diff-word-removed").tagName).toBe("DEL");
    expect(screen.getByTestId("diff-word-removed").textContent).toBe("£40");
    expect(screen.getByTestId("diff-word-added").tagName).toBe("INS");
    expect(screen.getByTestId("diff-word-added").textContent).toBe("£45");
    // Each side shows only its own words.
    const changed = screen.getByTestId("diff-row-changed");
    const cells = changed.querySelectorAll("td");
    expect(cells[1]?.textContent).toBe("Limit is £40 per day");
    expect(cells[3]?.textContent).toBe("Limit is £45 per day");
  });

  it("numbers each side's lines and marks whole removed and added lines", () => {
    render(<SideBySideDiff rows={rows} fromLabel="Version 1" toLabel="Version 2" />);
    const removed = screen.getByTestId("diff-row-removed").querySelectorAll("td");
    expect(removed[0]?.textContent).toBe("3");
    expect(removed[1]?.querySelector("del")?.textContent).toBe("Old rule");
    expect(removed[1]?.className).toMatch(/line-through/);
    expect(removed[2]?.textContent).toBe("");
    const added = screen.getByTestId("diff-row-added").querySelectorAll("td");
    expect(added[3]?.querySelector("ins")?.textContent).toBe("<b>New</b> rule");
    expect(added[3]?.querySelector("b")).toBeNull();
  });
});
