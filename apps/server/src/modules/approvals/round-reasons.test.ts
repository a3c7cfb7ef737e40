import { roundReasonText, type Approval, type Notification, type RoundReason } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { json } from "../../../test/support/harness";
import { demoAppForFile, draftInReview, latestWithdrawal } from "../../../test/support/review-helpers";

/**
 * Why a round ended or started over is kept as facts (a code and its params) beside the English
 * sentence: the activity entry's data and comment, the approval's log, and the withdrawn-review
 * notification, so the web can say it in the reader's language.
 */
const { t, ids } = demoAppForFile();

const approvalOf = async (id: string) =>
  json<Approval>(await t.request("GET", `/api/documents/${id}/approval`, { as: "admin" }));

async function withdrawnNotice(as: string, documentId: string): Promise<Notification | undefined> {
  const list = json<Notification[]>(await t.request("GET", "/api/notifications", { as }));
  return list.find((n) => n.documentId === documentId && n.kind === "review_withdrawn");
}

/** The entry, the log and the owner's notification all carry `reason`, in English and as facts. */
async function expectReasonKept(documentId: string, reason: RoundReason) {
  const english = roundReasonText(reason);
  expect(await latestWithdrawal(t, documentId)).toMatchObject({ comment: english, data: { reason } });
  const log = (await approvalOf(documentId)).activityLog;
  expect(log.find((e) => e.action === "Review withdrawn")).toMatchObject({ comment: english, reason });
  const notice = await withdrawnNotice("author", documentId);
  expect(notice?.message).toEqual({
    key: "reviewWithdrawn",
    params: { document: expect.any(String), reason: english, why: reason },
  });
  expect(notice?.body).toContain(english);
}

describe("the reason a review round ended, as facts", () => {
  it("names who can no longer open the document after an access change", async () => {
    const id = await draftInReview(t, ids, "Reason: access");
    const res = await t.request("PUT", `/api/documents/${id}/access`, {
      as: "admin",
      body: { restricted: true, userIds: [ids.reviewer!, ids.approver!], groupIds: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectReasonKept(id, { code: "cannotOpen", users: ["reviewer2"], cause: "access" });
    expect((await latestWithdrawal(t, id))?.comment).toBe(
      "reviewer2 can no longer open it after a change of access",
    );
  });

  it("says the document was archived", async () => {
    const id = await draftInReview(t, ids, "Reason: archived");
    const res = await t.request("POST", `/api/documents/${id}/archive`, { as: "admin" });
    expect(res.statusCode, res.body).toBe(200);
    await expectReasonKept(id, { code: "archived" });
  });

  it("names the person who lost the role the review needs, and the role they hold now", async () => {
    const id = await draftInReview(t, ids, "Reason: role", {
      reviewers: [ids.reviewer!],
      approverId: ids.approver!,
    });
    const res = await t.request("PATCH", `/api/users/${ids.reviewer}`, {
      as: "admin",
      body: { role: "Viewer" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectReasonKept(id, { code: "roleChanged", user: "reviewer", role: "Viewer" });
    expect((await latestWithdrawal(t, id))?.comment).toBe(
      "reviewer no longer holds the role this review needs (now Viewer)",
    );
    await t.request("PATCH", `/api/users/${ids.reviewer}`, { as: "admin", body: { role: "Reviewer" } });
  });

  it("names the versions when a new one restarts the round, on the withdrawn and the new round's entries", async () => {
    const id = await draftInReview(t, ids, "Reason: new version");
    t.clock.advance(1000);
    const res = await t.request("POST", `/api/documents/${id}/versions`, {
      as: "author",
      body: { content: "# Reason\n\nRevised.\n", expectedVersion: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const replaced: RoundReason = { code: "replaced", version: 2, replaced: 1 };
    expect(await latestWithdrawal(t, id)).toMatchObject({
      comment: "version 2 replaced version 1, the text under review",
      data: { reason: replaced },
    });
    const restarted: RoundReason = { code: "restarted", version: 2, replaced: 1 };
    const log = (await approvalOf(id)).activityLog;
    expect(log.at(-1)).toMatchObject({
      comment: "Version 2 replaced version 1 during review",
      reason: restarted,
    });
  });
});

describe("the English of every reason", () => {
  it("is the sentence the activity log has always said", () => {
    expect(roundReasonText({ code: "replacedNobodyLeft", version: 3, replaced: 2 })).toBe(
      "version 3 replaced version 2, the text under review, and its reviewers or approver can no longer act",
    );
    expect(roundReasonText({ code: "roleChanged", user: null, role: "Author" })).toBe(
      "an assignee no longer holds the role this review needs (now Author)",
    );
    expect(roundReasonText({ code: "cannotOpen", users: ["a", "b"], cause: "disabled" })).toBe(
      "a, b can no longer open it (their account was disabled)",
    );
    expect(roundReasonText({ code: "cannotOpen", users: [], cause: "startup" })).toMatch(
      /^an assignee can no longer open it \(found at start-up: /,
    );
  });
});
