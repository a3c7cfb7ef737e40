import { describe, expect, it } from "vitest";
import type { EveryoneAccess } from "@quire/contracts";
import { accessHolders, type HolderInputs } from "./holders";

const users = [
  { id: "a", username: "admin", role: "Admin" as const },
  { id: "o", username: "owner", role: "Author" as const },
  { id: "h", username: "hr", role: "Viewer" as const },
  { id: "x", username: "outsider", role: "Viewer" as const },
  { id: "n", username: "named", role: "Reviewer" as const },
];

const base = (
  over: Partial<HolderInputs["document"]> = {},
  everyoneAccess: EveryoneAccess = "none",
): HolderInputs => ({
  users,
  groups: [{ id: "g-hr", name: "HR team" }],
  memberships: [
    { groupId: "g-hr", userId: "h" },
    { groupId: "g-hr", userId: "n" },
  ],
  categoryName: "Human Resources",
  document: {
    ownerId: "o",
    status: "Approved",
    archived: false,
    assigneeIds: [],
    categoryId: "c",
    category: { everyoneAccess, groups: [{ groupId: "g-hr", access: "view" }] },
    restricted: false,
    sharedUserIds: [],
    sharedGroupIds: [],
    ...over,
  },
});

const names = (inputs: HolderInputs) => accessHolders(inputs).map((h) => h.username);
const reasonsOf = (inputs: HolderInputs, username: string) =>
  accessHolders(inputs).find((h) => h.username === username)?.reasons;

describe("who has access (with the policy's rule)", () => {
  it("a category closed to everyone: Admins, the owner and the category's group", () => {
    expect(names(base())).toEqual(["admin", "hr", "named", "owner"]);
    expect(reasonsOf(base(), "hr")).toEqual(["Group HR team (view in Human Resources)"]);
    expect(reasonsOf(base(), "owner")).toEqual(["Owner"]);
    expect(reasonsOf(base(), "admin")).toEqual(["Admin"]);
  });

  it("open to everyone: every user, everyone named as the reason", () => {
    expect(names(base({}, "view"))).toEqual(["admin", "hr", "named", "outsider", "owner"]);
    expect(reasonsOf(base({}, "view"), "outsider")).toEqual(["Everyone (view in Human Resources)"]);
  });

  it("a restricted document keeps only the named people and groups (within the category)", () => {
    expect(names(base({ restricted: true, sharedUserIds: ["n", "x"] }, "view"))).toEqual([
      "admin",
      "named",
      "outsider",
      "owner",
    ]);
    // Named, but the category gives them nothing: the narrower list never widens access.
    expect(names(base({ restricted: true, sharedUserIds: ["x"] }, "none"))).toEqual(["admin", "owner"]);
    const byGroup = base({ restricted: true, sharedGroupIds: ["g-hr"] }, "view");
    expect(names(byGroup)).toEqual(["admin", "hr", "named", "owner"]);
    expect(reasonsOf(byGroup, "hr")).toContain("Group HR team (named on this document)");
  });

  it("a draft stays with its owner, Admins and assigned reviewers; an archived one with owner and Admins", () => {
    expect(names(base({ status: "Draft" }, "edit"))).toEqual(["admin", "owner"]);
    const assigned = base({ status: "Draft", assigneeIds: ["n"] }, "edit");
    expect(reasonsOf(assigned, "named")).toContain("Assigned reviewer or approver");
    expect(names(base({ archived: true }, "edit"))).toEqual(["admin", "owner"]);
  });

  it("takes its rule as a parameter: it lists exactly whom the rule admits", () => {
    expect(accessHolders(base({}, "edit"), (actor) => actor.id === "x").map((h) => h.username)).toEqual([
      "outsider",
    ]);
  });
});
