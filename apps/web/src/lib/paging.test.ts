import { describe, expect, it } from "vitest";
import { pageOf } from "./paging";

const items = Array.from({ length: 23 }, (_, i) => i + 1);

describe("pageOf", () => {
  it("slices a page and says which positions it holds", () => {
    expect(pageOf(items, 1, 10)).toEqual({
      items: items.slice(0, 10),
      page: 1,
      first: 1,
      last: 10,
      total: 23,
    });
    expect(pageOf(items, 3, 10)).toEqual({ items: [21, 22, 23], page: 3, first: 21, last: 23, total: 23 });
  });
  it("shows the last page for a page past the end, and the first for nonsense", () => {
    expect(pageOf(items, 9, 10).page).toBe(3);
    expect(pageOf(items, 0, 10).page).toBe(1);
    expect(pageOf(items, Number.NaN, 10).page).toBe(1);
  });
  it("is one empty page for an empty list", () => {
    expect(pageOf([], 4, 10)).toEqual({ items: [], page: 1, first: 0, last: 0, total: 0 });
  });
  it("covers every item exactly once across its pages", () => {
    const seen = [1, 2, 3].flatMap((page) => pageOf(items, page, 10).items);
    expect(seen).toEqual(items);
  });
});
