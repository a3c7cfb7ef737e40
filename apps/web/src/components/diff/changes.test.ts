import { describe, expect, it } from "vitest";
import type { SideBySideRow } from "@/lib/api/version-diff";
import { foldRuns } from "./fold-unified";
import { changeAnchorId, indexChanges } from "./changes";

const row = (kind: SideBySideRow["kind"]): SideBySideRow => ({
  kind,
  left: kind === "added" ? null : { number: 1, text: "a" },
  right: kind === "removed" ? null : { number: 1, text: "a" },
});

describe("indexChanges", () => {
  it("numbers changed rows in order and starts a hunk at each run of them", () => {
    const rows = ["unchanged", "changed", "added", "unchanged", "removed", "unchanged"].map((k) =>
      row(k as SideBySideRow["kind"]),
    );
    const index = indexChanges(rows);
    expect(index.numberOfRow).toEqual([null, 1, 2, null, 3, null]);
    expect(index.hunkStarts).toEqual([1, 3]);
    expect(changeAnchorId(3)).toBe("change-3");
  });
});

describe("foldRuns over side-by-side rows", () => {
  it("folds a long unchanged run between changes to three rows of context each side", () => {
    const rows = [row("changed"), ...Array.from({ length: 20 }, () => row("unchanged")), row("added")];
    const items = foldRuns(rows, (r) => r.kind === "unchanged");
    expect(items.filter((i) => i.type === "fold")).toEqual([{ type: "fold", start: 4, count: 14 }]);
    expect(items).toHaveLength(1 + 3 + 1 + 3 + 1);
  });
});
