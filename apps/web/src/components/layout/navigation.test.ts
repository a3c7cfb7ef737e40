import { describe, expect, it } from "vitest";
import { breadcrumbTrail, categoryDotClass, isActivePath, pageTitle } from "./navigation";

describe("pageTitle (breadcrumb, seed §2)", () => {
  it.each([
    ["/home", "Home"],
    ["/dashboard", "Dashboard"],
    ["/documents", "All Documents"],
    ["/documents/", "All Documents"],
    ["/upload", "Upload Documents"],
    ["/search", "Search"],
    ["/approvals", "Approvals"],
    ["/settings", "Settings"],
    ["/settings/audit", "Settings"],
    ["/settings/categories/access", "Settings"],
    ["/document/1", "Document"],
    ["/category/abc", "Document"],
    ["/doc/1", "Document"],
  ])("%s → %s", (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });
});

describe("breadcrumbTrail", () => {
  it("names the page, and a section of Settings after a link to Settings", () => {
    expect(breadcrumbTrail("/documents")).toEqual([{ label: "All Documents" }]);
    expect(breadcrumbTrail("/settings")).toEqual([{ label: "Settings" }]);
    expect(breadcrumbTrail("/settings/audit/")).toEqual([
      { label: "Settings", href: "/settings" },
      { label: "Audit" },
    ]);
    expect(breadcrumbTrail("/settings/categories/access")).toEqual([
      { label: "Settings", href: "/settings" },
      { label: "Category Access" },
    ]);
    expect(breadcrumbTrail("/settings/nope")).toEqual([{ label: "Settings" }]);
  });
});

describe("sidebar", () => {
  it("colours category dots, gray for anything unknown", () => {
    expect(categoryDotClass("blue")).toBe("bg-blue-500");
    expect(categoryDotClass("purple")).toBe("bg-purple-500");
    expect(categoryDotClass("teal")).toBe("bg-gray-500");
    expect(categoryDotClass("")).toBe("bg-gray-500");
  });

  it("marks a link active on its page and below it, not on look-alikes", () => {
    expect(isActivePath("/documents", "/documents")).toBe(true);
    expect(isActivePath("/documents/x", "/documents")).toBe(true);
    expect(isActivePath("/documentsx", "/documents")).toBe(false);
  });
});
