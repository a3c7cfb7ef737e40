import { describe, expect, it } from "vitest";
import type { UnifiedLine } from "@/lib/api/version-diff";
import { foldUnified } from "./fold-unified";

const same = (n: number): UnifiedLine[] =>
  Array.from({ length: n }, (_, i) => ({ kind: " ", text: `line ${i}`, oldNumber: i + 1, newNumber: i + 1 }));

describe("foldUnified", () => {
  it("keeps three lines of context around a change and folds the rest", () => {
    const lines = [...same(10), { kind: "+", text: "new", newNumber: 11 } as UnifiedLine, ...same(10)];
    const items = foldUnified(lines);
    expect(items.map((i) => i.type)).toEqual([
      "fold",
      "line",
      "line",
      "line",
      "line",
      "line",
      "line",
      "line",
      "fold",
    ]);
    expect(items[0]).toEqual({ type: "fold", start: 0, count: 7 });
    expect(items.at(-1)).toEqual({ type: "fold", start: 14, count: 7 });
  });

  it("opens a fold the reader expanded and never folds a single line", () => {
    const lines = [...same(10), { kind: "-", text: "old", oldNumber: 11 } as UnifiedLine];
    expect(foldUnified(lines, 3, new Set([0])).every((i) => i.type === "line")).toBe(true);
    const short = [...same(4), { kind: "-", text: "old" } as UnifiedLine];
    expect(foldUnified(short).every((i) => i.type === "line")).toBe(true);
  });
});
