import type { Category, Group } from "@quire/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { json } from "../../../test/support/harness";
import {
  demoAppForFile,
  draftInReview,
  inbox,
  latestWithdrawal,
  statusOf,
} from "../../../test/support/review-helpers";

/**
 * An access change that shuts out someone an open review waits on ends that review (Draft again,
 * owner told), as a role change does: nobody else may act in their place, so it could never finish.
 */
const { t, ids } = demoAppForFile();
let categories: Category[];
beforeAll(async () => {
  categories = json<Category[]>(await t.request("GET", "/api/categories", { as: "admin" }));
});

/** A document by the demo author, In Review with both reviewers and the approver. */
const inReview = (title: string) => draftInReview(t, ids, title);

const waitingOn = async (username: string) =>
  json<{ waitingOnYou: number }>(await t.request("GET", "/api/approvals/stats", { as: username }))
    .waitingOnYou;

const restrict = (documentId: string, userIds: string[]) =>
  t.request("PUT", `/api/documents/${documentId}/access`, {
    as: "admin",
    body: { restricted: true, userIds, groupIds: [] },
  });

describe("access changes under an open review", () => {
  it("a restriction that keeps every assignee leaves the review open", async () => {
    const id = await inReview("Kept review");
    const res = await restrict(id, [ids.reviewer!, ids.reviewer2!, ids.approver!]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(t, id)).toBe("In Review");
    expect(await latestWithdrawal(t, id)).toBeUndefined();
  });

  it("a restriction that leaves out a pending reviewer ends the review and tells the owner why", async () => {
    const id = await inReview("Shut-out review");
    const before = await waitingOn("reviewer2");
    const res = await restrict(id, [ids.reviewer!, ids.approver!]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(t, id)).toBe("Draft");
    expect((await latestWithdrawal(t, id))?.comment).toMatch(/reviewer2 can no longer open it/);
    expect(await inbox(t, "author", id)).toContain("review_withdrawn");
    // The reviewer who stayed is told too; the one shut out hears nothing of a document hidden from them.
    expect(await inbox(t, "reviewer", id)).toContain("review_withdrawn");
    expect(await inbox(t, "reviewer2", id)).not.toContain("review_withdrawn");
    expect(await waitingOn("reviewer2")).toBe(before - 1);
  });

  it("closing the category to a group the approver is not in ends its open reviews", async () => {
    const id = await inReview("Closed category review");
    const category = categories[0]!;
    const group = json<Group>(
      await t.request("POST", "/api/groups", {
        as: "admin",
        body: { name: "Reviewers only", memberIds: [ids.author, ids.reviewer, ids.reviewer2] },
      }),
    );
    const res = await t.request("PUT", `/api/categories/${category.id}/access`, {
      as: "admin",
      body: { everyone: "none", groups: [{ groupId: group.id, access: "edit" }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(t, id)).toBe("Draft");
    expect((await latestWithdrawal(t, id))?.comment).toMatch(/approver can no longer open it/);

    // Leaving the one group that opens the category shuts a reviewer out as well (the approver's
    // group gets view first, since someone who cannot open a document cannot be assigned to it).
    const approvers = json<Group>(
      await t.request("POST", "/api/groups", {
        as: "admin",
        body: { name: "Approvers", memberIds: [ids.approver] },
      }),
    );
    const reopened = await t.request("PUT", `/api/categories/${category.id}/access`, {
      as: "admin",
      body: {
        everyone: "none",
        groups: [
          { groupId: group.id, access: "edit" },
          { groupId: approvers.id, access: "view" },
        ],
      },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const next = await inReview("Group member review");
    const left = await t.request("PATCH", `/api/groups/${group.id}`, {
      as: "admin",
      body: { memberIds: [ids.author, ids.reviewer] },
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await statusOf(t, next)).toBe("Draft");
    expect((await latestWithdrawal(t, next))?.comment).toMatch(/reviewer2 can no longer open it/);

    // The category opens again for the tests after this one.
    await t.request("PUT", `/api/categories/${category.id}/access`, {
      as: "admin",
      body: { everyone: "edit", groups: [] },
    });
  });

  it("moving a document into a category an assignee cannot open ends its review", async () => {
    const id = await inReview("Moved review");
    const closed = categories[1]!;
    await t.request("PUT", `/api/categories/${closed.id}/access`, {
      as: "admin",
      body: { everyone: "none", groups: [] },
    });
    const res = await t.request("PATCH", `/api/documents/${id}`, {
      as: "admin",
      body: { categoryId: closed.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(t, id)).toBe("Draft");
    expect((await latestWithdrawal(t, id))?.comment).toMatch(/can no longer open it/);
  });
});
