import { describe, expect, it } from "vitest";
import { filterList, matchesFilter } from "./list-filter";

describe("matchesFilter", () => {
  it("matches everything when the query is blank", () => {
    expect(matchesFilter("admin Admin", "")).toBe(true);
    expect(matchesFilter("admin Admin", "   ")).toBe(true);
  });
  it("ignores letter case and needs every word, in any order", () => {
    expect(matchesFilter("reviewer2 Reviewer", "REVIEWER2")).toBe(true);
    expect(matchesFilter("Legal reviewer author", "author legal")).toBe(true);
    expect(matchesFilter("Legal reviewer author", "legal approver")).toBe(false);
  });
});

describe("filterList", () => {
  it("keeps the matching items in their order", () => {
    const users = ["alice Author", "bob Reviewer", "carol Reviewer"];
    expect(filterList(users, "reviewer", (u) => u)).toEqual(["bob Reviewer", "carol Reviewer"]);
  });
});
