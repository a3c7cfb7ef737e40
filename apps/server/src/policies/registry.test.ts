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

  it("every reader comments, Viewers included; only the author rewords or deletes; a thread's author or an editor resolves it", () => {
    for (const role of roles) {
      const me = actor(`me-${role}`, role);
      expect({ role, may: can(me, "document.comment", { kind: "document", facts: doc() }) }).toEqual({
        role,
        may: true,
      });
      expect(can(me, "document.comment", { kind: "document", facts: doc({ archived: true }) })).toBe(false);
    }
    const comment = {
      authorId: "viewer",
      threadAuthorId: "viewer",
      isThread: true,
      deleted: false,
      version: 1,
    };
    const on = (facts: Partial<typeof comment> = {}, document: Partial<DocumentAccessFacts> = {}) => ({
      kind: "comment" as const,
      facts: { ...comment, ...facts },
      document: doc({ currentVersion: 1, ...document }),
    });
    const viewer = actor("viewer", "Viewer");
    const admin = actor("admin", "Admin");
    const owner = actor("author", "Author");
    const reviewer = actor("reviewer", "Reviewer");
    expect(can(viewer, "comment.update", on())).toBe(true);
    expect(can(admin, "comment.update", on())).toBe(false);
    expect(can(admin, "comment.delete", on())).toBe(false);
    expect(can(viewer, "comment.update", on({ deleted: true }))).toBe(false);
    expect(can(viewer, "comment.resolve", on())).toBe(true);
    expect(can(owner, "comment.resolve", on())).toBe(true);
    expect(can(admin, "comment.resolve", on())).toBe(true);
    expect(can(reviewer, "comment.resolve", on())).toBe(false);
    expect(can(reviewer, "comment.reply", on())).toBe(true);
    expect(can(reviewer, "comment.reply", on({ isThread: false }))).toBe(false);
    // A comment on a draft revision the reader does not read is not theirs to see or answer.
    const onDraft = on({ version: 2 }, { status: "Draft", currentVersion: 2, effectiveVersion: 1 });
    expect(can(reviewer, "comment.reply", onDraft)).toBe(false);
    expect(can(owner, "comment.reply", onDraft)).toBe(true);
    // Actions keep to their kind of subject.
    expect(can(viewer, "comment.update", { kind: "document", facts: doc() })).toBe(false);
  });
});
