import { roles, type Role } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import type { DocumentAccessFacts } from "./access";
import { assignableDuties, can, canGlobal, isAdministrator, mayHoldDuty } from "./policy";

const doc = (over: Partial<DocumentAccessFacts> = {}): DocumentAccessFacts => ({
  ownerId: "author",
  status: "Approved",
  archived: false,
  assigneeIds: [],
  categoryId: "c",
  category: { everyoneAccess: "edit", groups: [] },
  restricted: false,
  sharedUserIds: [],
  sharedGroupIds: [],
  ...over,
});
const actor = (id: string, role: Role) => ({ id, role, groupIds: [] as string[] });

describe("the registry's own actions", () => {
  it("a document's history is its own action: the owner and Admins, archived or not; not other readers", () => {
    for (const archived of [false, true]) {
      const subject = { kind: "document" as const, facts: doc({ archived }) };
      expect(can(actor("author", "Author"), "document.readHistory", subject)).toBe(true);
      expect(can(actor("admin", "Admin"), "document.readHistory", subject)).toBe(true);
      expect(can(actor("other", "Author"), "document.readHistory", subject)).toBe(false);
      expect(can(actor("viewer", "Viewer"), "document.readHistory", subject)).toBe(false);
    }
    // Archived documents change no more; only coming back and reading the record remain.
    const archived = { kind: "document" as const, facts: doc({ archived: true }) };
    expect(can(actor("author", "Author"), "document.update", archived)).toBe(false);
  });

  it("every role reads categories, groups, its own notifications, tokens and suggestions", () => {
    for (const role of roles)
      for (const action of [
        "category.read",
        "group.read",
        "notification.read",
        "token.manage",
        "suggestion.read",
      ] as const)
        expect({ role, action, allowed: canGlobal({ role }, action) }).toEqual({
          role,
          action,
          allowed: true,
        });
  });

  it("only Admins manage categories and groups or read the audit trail", () => {
    for (const role of roles)
      for (const action of ["category.manage", "group.manage", "activity.read"] as const)
        expect(canGlobal({ role }, action)).toBe(isAdministrator(role));
  });

  it("the review duty is the Reviewer's, the decision the Approver's, and nobody else's", () => {
    expect(roles.filter((r) => mayHoldDuty(r, "review"))).toEqual(["Reviewer"]);
    expect(roles.filter((r) => mayHoldDuty(r, "approve"))).toEqual(["Approver"]);
    expect(assignableDuties("Viewer")).toEqual({ review: false, approve: false });
    expect(mayHoldDuty(undefined, "review")).toBe(false);
  });
});
