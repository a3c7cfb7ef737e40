import { describe, expect, it } from "vitest";
import { MAX_SAVED_VIEWS, withView, withoutView } from "./saved-views";

describe("saved views", () => {
  it("adds newest first, replaces a view of the same name and caps the list", () => {
    let views = withView([], { name: "Finance drafts", query: "status=Draft" });
    views = withView(views, { name: "Mine", query: "owner=author" });
    views = withView(views, { name: "Finance drafts", query: "status=Draft&sort=title" });
    expect(views).toEqual([
      { name: "Finance drafts", query: "status=Draft&sort=title" },
      { name: "Mine", query: "owner=author" },
    ]);
    for (let i = 0; i < 30; i++) views = withView(views, { name: `v${i}`, query: "" });
    expect(views).toHaveLength(MAX_SAVED_VIEWS);
    expect(withoutView(views, "v29").some((v) => v.name === "v29")).toBe(false);
    expect(withView([], { name: "   ", query: "x=1" })).toEqual([]);
  });
});
