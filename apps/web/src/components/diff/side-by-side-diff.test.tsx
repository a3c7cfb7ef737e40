import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SideBySideRow } from "@/lib/api/version-diff";
import { SideBySideDiff } from "@/components/diff/side-by-side-diff";

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

  it("folds long unchanged runs, numbers changed rows change-N and opens a fold on click", () => {
    const same = (n: number): SideBySideRow[] =>
      Array.from({ length: n }, (_, i) => ({
        kind: "unchanged",
        left: { number: i + 1, text: `same ${i}` },
        right: { number: i + 1, text: `same ${i}` },
      }));
    const long = [...same(10), ...rows.slice(1), ...same(10)];
    const { container } = render(<SideBySideDiff rows={long} fromLabel="Version 1" toLabel="Version 2" />);
    const folds = screen.getAllByTestId("button-show-unchanged");
    expect(folds.map((f) => f.textContent)).toEqual(["Show 7 unchanged lines", "Show 7 unchanged lines"]);
    expect([...container.querySelectorAll('[id^="change-"]')].map((e) => e.id)).toEqual([
      "change-1",
      "change-2",
      "change-3",
    ]);
    expect(screen.getByTestId("text-change-position").textContent).toBe("1 change");
    fireEvent.click(folds[0] as HTMLElement);
    expect(screen.getAllByTestId("button-show-unchanged")).toHaveLength(1);
  });

  it("stacks old above new lines on a phone, with the same anchors", () => {
    window.innerWidth = 390;
    try {
      const { container } = render(<SideBySideDiff rows={rows} fromLabel="Version 1" toLabel="Version 2" />);
      expect(container.querySelector("table")).toBeNull();
      expect(screen.getByTestId("diff-side-by-side").getAttribute("data-layout")).toBe("stacked");
      const changed = container.querySelector("#change-1");
      expect(changed?.querySelector("del")?.textContent).toBe("£40");
      expect(changed?.querySelector("ins")?.textContent).toBe("£45");
    } finally {
      window.innerWidth = 1024;
    }
  });
});
