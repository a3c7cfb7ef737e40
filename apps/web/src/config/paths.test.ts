import { describe, expect, it } from "vitest";
import { paths, safeNextPath } from "./paths";

describe("safeNextPath", () => {
  it("keeps same-site relative paths with their query and hash", () => {
    expect(safeNextPath("/documents?category=abc")).toBe("/documents?category=abc");
    expect(safeNextPath("/document/1?expand=summary#top")).toBe("/document/1?expand=summary#top");
  });

  it.each([
    ["https://evil.example/", "absolute URL"],
    ["//evil.example/x", "protocol-relative URL"],
    ["/\\evil.example", "backslash trick"],
    ["/\t/evil.example", "a tab the URL parser drops"],
    ["/\r\n/evil.example", "line breaks"],
    ["/..//evil.example", "a path that normalises to //host"],
    ["/api/auth/logout", "the API"],
    ["javascript:alert(1)", "script URL"],
    ["documents", "relative without slash"],
    ["/login?next=/home", "the sign-in page itself"],
    ["", "empty"],
    [null, "missing"],
  ])("falls back for %s (%s)", (next, _why) => {
    expect(safeNextPath(next)).toBe("/home");
  });
});

describe("paths", () => {
  it("builds the seed's routes", () => {
    expect(paths.login.getHref("/documents?category=a")).toBe("/login?next=%2Fdocuments%3Fcategory%3Da");
    expect(paths.home.getHref(true)).toBe("/home?tour=true");
    expect(paths.document.getHref("7", { expandSummary: true })).toBe("/document/7?expand=summary");
    expect(paths.document.getHref("7", { version: 2 })).toBe("/document/7?v=2");
    expect(paths.diff.getHref("7", 1, 3)).toBe("/document/7/diff/1/3");
    expect(paths.category.getHref("c 1")).toBe("/category/c%201");
    expect(paths.search.getHref("a&b c")).toBe("/search?q=a%26b+c");
    expect(paths.dashboard.getHref("Who approves?")).toBe("/dashboard?ask=Who+approves%3F");
    expect(paths.settingsSection.getHref("categories/access")).toBe("/settings/categories/access");
  });
});
