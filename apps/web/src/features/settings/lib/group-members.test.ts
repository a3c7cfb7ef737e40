import { describe, expect, it } from "vitest";
import type { Group } from "@quire/contracts";
import { groupFilterText, memberSummary } from "./group-members";

const names = new Map(Array.from({ length: 8 }, (_, i) => [`u${i}`, `user${8 - i}`]));
const group = (memberIds: string[]): Group => ({
  id: "g1",
  name: "Legal",
  description: "",
  memberCount: memberIds.length,
  memberIds,
  createdAt: "2026-11-01T00:00:00.000Z",
});

describe("memberSummary", () => {
  it("names a small group's members alphabetically", () => {
    expect(memberSummary(group(["u0", "u7"]), names)).toBe("user1, user8");
    expect(memberSummary(group([]), names)).toBe("No members");
  });
  it("names five of a large group and counts the rest", () => {
    expect(memberSummary(group([...names.keys()]), names)).toBe(
      "user1, user2, user3, user4, user5 and 3 more",
    );
  });
});

describe("groupFilterText", () => {
  it("holds the name and every member, named or not in the row", () => {
    expect(groupFilterText(group([...names.keys()]), names)).toContain("user8");
    expect(groupFilterText(group([]), names)).toBe("Legal");
  });
});
