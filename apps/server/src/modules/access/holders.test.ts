import { describe, expect, it } from "vitest";
import { accessHolders, categoryLevel, interimVisibilityRule, type HolderInputs } from "./holders";

const users = [
  { id: "a", username: "admin", role: "Admin" as const },
  { id: "o", username: "owner", role: "Author" as const },
  { id: "h", username: "hr", role: "Viewer" as const },
  { id: "x", username: "outsider", role: "Viewer" as const },
  { id: "n", username: "named", role: "Reviewer" as const },
];

const base = (
  over: Partial<HolderInputs["document"]> = {},
  everyone: HolderInputs["category"]["everyone"] = "none",
): HolderInputs => ({
  users,
  groups: [{ id: "g-hr", name: "HR team" }],
  memberships: [
    { groupId: "g-hr", userId: "h" },
    { groupId: "g-hr", userId: "n" },
  ],
  category: { name: "Human Resources", everyone, groups: [{ groupId: "g-hr", access: "view" }] },
  document: {
    ownerId: "o",
    status: "Approved",
    archived: false,
    assigneeIds: [],
    restricted: false,
    userIds: [],
    groupIds: [],
    ...over,
  },
});

const names = (inputs: HolderInputs) => accessHolders(inputs, interimVisibilityRule).map((h) => h.username);

describe("who has access", () => {
  it("a category closed to everyone: Admins, the owner and the category's group", () => {
    const holders = accessHolders(base(), interimVisibilityRule);
    expect(holders.map((h) => h.username)).toEqual(["admin", "hr", "named", "owner"]);
    expect(holders.find((h) => h.username === "hr")?.reasons).toEqual([
      "Group HR team (view in Human Resources)",
    ]);
    expect(holders.find((h) => h.username === "owner")?.reasons).toEqual(["Owner"]);
    expect(holders.find((h) => h.username === "admin")?.reasons).toEqual(["Admin"]);
  });

  it("open to everyone: every user, everyone named as the reason", () => {
    const inputs = base({}, "view");
    expect(names(inputs)).toEqual(["admin", "hr", "named", "outsider", "owner"]);
    const outsider = accessHolders(inputs, interimVisibilityRule).find((h) => h.username === "outsider");
    expect(outsider?.reasons).toEqual(["Everyone (view in Human Resources)"]);
  });

  it("a restricted document keeps only the named people and groups (within the category)", () => {
    expect(names(base({ restricted: true, userIds: ["n", "x"] }, "view"))).toEqual([
      "admin",
      "named",
      "outsider",
      "owner",
    ]);
    // Named, but the category gives them nothing: the narrower list never widens access.
    expect(names(base({ restricted: true, userIds: ["x"] }, "none"))).toEqual(["admin", "owner"]);
    const byGroup = accessHolders(
      base({ restricted: true, groupIds: ["g-hr"] }, "view"),
      interimVisibilityRule,
    );
    expect(byGroup.map((h) => h.username)).toEqual(["admin", "hr", "named", "owner"]);
    expect(byGroup.find((h) => h.username === "hr")?.reasons).toContain(
      "Group HR team (named on this document)",
    );
  });

  it("a draft stays with its owner, Admins and assigned reviewers, whatever the category says", () => {
    expect(names(base({ status: "Draft" }, "edit"))).toEqual(["admin", "owner"]);
    const assigned = accessHolders(
      base({ status: "Draft", assigneeIds: ["n"] }, "edit"),
      interimVisibilityRule,
    );
    expect(assigned.find((h) => h.username === "named")?.reasons).toContain("Assigned reviewer or approver");
  });

  it("the category level is everyone's, raised by the person's groups", () => {
    const category = {
      name: "C",
      everyone: "view" as const,
      groups: [{ groupId: "g", access: "edit" as const }],
    };
    expect(categoryLevel({ actor: { id: "u", role: "Viewer" }, groupIds: new Set(["g"]) }, category)).toBe(
      "edit",
    );
    expect(categoryLevel({ actor: { id: "u", role: "Viewer" }, groupIds: new Set() }, category)).toBe("view");
  });

  it("takes its rule as a parameter: it lists exactly whom the rule admits", () => {
    expect(accessHolders(base({}, "edit"), (p) => p.actor.id === "x").map((h) => h.username)).toEqual([
      "outsider",
    ]);
  });
});
