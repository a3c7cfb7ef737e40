import type { Approval, ApprovalListItem, Document } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { settings } from "../../db/schema";
import { json } from "../../../test/support/harness";
import { demoAppForFile, inbox, snapshot, statusOf, uploadDraft } from "../../../test/support/review-helpers";

const { t, ids } = demoAppForFile();

// Each step a second later, so "newest first" has a defined order.
const later = () => t.clock.advance(1000);
function submit(id: string, as = "author", body: unknown = undefined) {
  later();
  return t.request("POST", `/api/documents/${id}/submit-review`, {
    as,
    body: body ?? { reviewers: [ids.reviewer, ids.reviewer2], approverId: ids.approver, submitterId: "1" },
  });
}
function act(id: string, as: string, body: unknown) {
  later();
  return t.request("PATCH", `/api/documents/${id}/approval`, { as, body });
}
/** The author's next version of a document at version 1 (a new round if it is In Review). */
async function addVersion(id: string, content: string, changeNote?: string) {
  later();
  const res = await t.request("POST", `/api/documents/${id}/versions`, {
    as: "author",
    body: { content, ...(changeNote ? { changeNote } : {}), expectedVersion: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res;
}
/** The seed's review payload: the whole reviewers list with the actor's entry changed. */
const seedReview = (approval: Approval, actorId: string, status: string, comment: string) => ({
  reviewers: approval.reviewers.map((r) => (r.id === actorId ? { ...r, status, comment } : r)),
  stage: "Awaiting Approval",
  activityLog: [...approval.activityLog, { action: `Review ${status}`, userId: "3", timestamp: "x" }],
});

describe("approval flows with the demo users", () => {
  it("submit → both reviewers approve → approver approves → Approved, notifying each step", async () => {
    const doc = await uploadDraft(t);
    const submitted = await submit(doc);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const round = json<Approval>(submitted);
    expect(round).toMatchObject({
      documentId: doc,
      round: 1,
      stage: "Awaiting Review",
      approverId: ids.approver,
      approver: "approver",
      approverStatus: "Pending",
      // Names for screens beside the ids.
      submittedBy: ids.author,
      submittedByUsername: "author",
      reviewers: [
        { id: ids.reviewer, username: "reviewer", status: "Pending", comment: null },
        { id: ids.reviewer2, username: "reviewer2", status: "Pending", comment: null },
      ],
      activityLog: [{ action: "Submitted for review", userId: ids.author }],
    });
    expect(await statusOf(t, doc)).toBe("In Review");
    expect(await inbox(t, "reviewer", doc)).toEqual(["review_requested"]);
    expect(await inbox(t, "reviewer2", doc)).toEqual(["review_requested"]);
    expect(await inbox(t, "approver", doc)).toEqual([]);

    const mine = json<Approval>(await t.request("GET", `/api/documents/${doc}/approval`, { as: "reviewer" }));
    expect(mine.abilities).toEqual({ review: true, decide: false });

    const first = await act(doc, "reviewer", seedReview(round, ids.reviewer!, "Approved", "Looks right"));
    expect(first.statusCode, first.body).toBe(200);
    expect(json<Approval>(first).stage).toBe("Awaiting Review");
    expect(await inbox(t, "approver", doc)).toEqual([]);

    const second = await act(doc, "reviewer2", { status: "Approved", comment: "Fine" });
    expect(second.statusCode, second.body).toBe(200);
    expect(json<Approval>(second).stage).toBe("Awaiting Approval");
    expect(await statusOf(t, doc)).toBe("In Review");
    expect(await inbox(t, "approver", doc)).toEqual(["ready_for_approval"]);

    const final = await act(doc, "approver", {
      approverStatus: "Approved",
      approverComment: "Ship it",
      stage: "Approved",
      activityLog: [],
    });
    expect(final.statusCode, final.body).toBe(200);
    const done = json<Approval>(final);
    expect(done).toMatchObject({ stage: "Approved", approverStatus: "Approved", approverComment: "Ship it" });
    expect(done.activityLog.map((e) => [e.action, e.userId, e.comment])).toEqual([
      ["Submitted for review", ids.author, null],
      ["Review Approved", ids.reviewer, "Looks right"],
      ["Review Approved", ids.reviewer2, "Fine"],
      ["Final Approved", ids.approver, "Ship it"],
    ]);
    expect(await statusOf(t, doc)).toBe("Approved");
    expect(await inbox(t, "author", doc)).toEqual(["approved"]);
  });

  it("submit → changes requested → new version → Draft → resubmit → approved", async () => {
    const doc = await uploadDraft(t);
    expect((await submit(doc)).statusCode).toBe(201);
    const asked = await act(doc, "reviewer", { status: "Changes Requested", comment: "Add a date" });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(json<Approval>(asked).stage).toBe("Changes Requested");
    expect(await statusOf(t, doc)).toBe("Changes Requested");
    expect(await inbox(t, "author", doc)).toEqual(["changes_requested"]);
    // The round is over: the other reviewer can no longer act on it, and a resubmit needs a new version.
    expect((await act(doc, "reviewer2", { status: "Approved" })).statusCode).toBe(409);
    const early = await submit(doc);
    expect(early.statusCode).toBe(409);
    expect(json<{ message: string }>(early).message).toMatch(/add a new version/);

    const v2 = await addVersion(doc, "# Policy\n\nDated 2025-01-01.\n", "Added the date");
    expect(json<Document>(v2).status).toBe("Draft");

    const again = await submit(doc);
    expect(again.statusCode, again.body).toBe(201);
    expect(json<Approval>(again)).toMatchObject({ round: 2, version: 2, stage: "Awaiting Review" });
    expect(json<Approval>(again).activityLog.map((e) => e.action)).toEqual(["Resubmitted for review"]);
    expect(await inbox(t, "reviewer2", doc)).toEqual(["review_requested", "review_requested"]);
    for (const as of ["reviewer", "reviewer2"])
      expect((await act(doc, as, { status: "Approved" })).statusCode).toBe(200);
    expect(await inbox(t, "approver", doc)).toEqual(["ready_for_approval"]);
    expect((await act(doc, "approver", { approverStatus: "Approved" })).statusCode).toBe(200);
    expect(await statusOf(t, doc)).toBe("Approved");
    expect(await inbox(t, "author", doc)).toEqual(["changes_requested", "approved"]);
  });

  it("a rejection notifies the owner and a new version returns the document to Draft", async () => {
    const doc = await uploadDraft(t);
    await submit(doc);
    for (const as of ["reviewer", "reviewer2"]) await act(doc, as, { status: "Approved" });
    const res = await act(doc, "approver", { approverStatus: "Rejected", approverComment: "Out of scope" });
    expect(json<Approval>(res)).toMatchObject({ stage: "Rejected", approverStatus: "Rejected" });
    expect(await statusOf(t, doc)).toBe("Rejected");
    expect(await inbox(t, "author", doc)).toEqual(["rejected"]);
  });

  it("tells the reviewers when a new version lands while the document is In Review", async () => {
    const doc = await uploadDraft(t);
    await submit(doc);
    await addVersion(doc, "# Policy\n\nRevised.\n");
    expect(await inbox(t, "reviewer", doc)).toEqual(["review_requested", "new_version"]);
  });
});

describe("submission rules", () => {
  it("defaults to every Reviewer and the first Approver, or to the organisation's settings", async () => {
    const doc = await uploadDraft(t);
    const res = await submit(doc, "author", {});
    expect(res.statusCode, res.body).toBe(201);
    expect(json<Approval>(res).reviewers.map((r) => r.username)).toEqual(["reviewer", "reviewer2"]);
    expect(json<Approval>(res).approverId).toBe(ids.approver);

    await t.ctx.db
      .insert(settings)
      .values({ key: "approvalDefaults", value: { reviewerIds: [ids.reviewer2], approverId: ids.approver } });
    const other = await uploadDraft(t);
    const configured = await submit(other, "admin", {});
    expect(configured.statusCode, configured.body).toBe(201);
    expect(json<Approval>(configured).reviewers.map((r) => r.username)).toEqual(["reviewer2"]);
    expect(json<Approval>(configured).activityLog[0]?.userId).toBe(ids.admin);
  });

  it("refuses reviewers and approvers without the right role, naming the bad id", async () => {
    const doc = await uploadDraft(t);
    const before = await snapshot(t, doc);
    const cases: Array<[unknown, RegExp]> = [
      [{ reviewers: [ids.viewer], approverId: ids.approver }, new RegExp(`reviewers: ${ids.viewer}`)],
      [{ reviewers: [ids.reviewer, ids.reviewer], approverId: ids.approver }, /more than once/],
      [{ reviewers: [ids.reviewer], approverId: ids.reviewer2 }, new RegExp(`approverId: ${ids.reviewer2}`)],
      [{ reviewers: ["no-such-user"], approverId: ids.approver }, /no-such-user/],
    ];
    for (const [body, message] of cases) {
      const res = await submit(doc, "author", body);
      expect(res.statusCode).toBe(400);
      expect(json<{ message: string }>(res).message).toMatch(message);
    }
    expect(await snapshot(t, doc)).toEqual(before);
  });

  it("allows only the owner Author or an Admin, and only from Draft", async () => {
    const doc = await uploadDraft(t);
    expect((await submit(doc, "reviewer")).statusCode).toBe(404); // a Draft is invisible to others
    expect((await submit(doc, "viewer")).statusCode).toBe(404);
    expect((await submit(doc)).statusCode).toBe(201);
    for (const as of ["reviewer", "approver", "viewer"]) expect((await submit(doc, as)).statusCode).toBe(403);
    const twice = await submit(doc);
    expect(twice.statusCode).toBe(409);
    expect(json<{ message: string }>(twice).message).toMatch(
      /Only a Draft can be submitted.*already In Review/,
    );
  });
});

describe("refusals change nothing", () => {
  async function inReview() {
    const doc = await uploadDraft(t);
    await submit(doc, "author", { reviewers: [ids.reviewer], approverId: ids.approver });
    return doc;
  }

  it("refuses an unassigned reviewer, a viewer, the owner and an Admin with 403", async () => {
    const doc = await inReview();
    const before = await snapshot(t, doc);
    for (const as of ["reviewer2", "viewer", "author", "admin"]) {
      const res = await act(doc, as, { status: "Approved", approverStatus: "Approved" });
      expect([as, res.statusCode]).toEqual([as, 403]);
    }
    expect(await snapshot(t, doc)).toEqual(before);
  });

  it("refuses a reviewer acting twice and an approver acting early with 409", async () => {
    const doc = await uploadDraft(t);
    await submit(doc);
    const early = await act(doc, "approver", { approverStatus: "Approved" });
    expect(early.statusCode).toBe(409);
    expect(json<{ message: string }>(early).message).toMatch(/only while the stage is Awaiting Approval/);
    await act(doc, "reviewer", { status: "Approved" });
    const before = await snapshot(t, doc);
    const twice = await act(doc, "reviewer", { status: "Changes Requested" });
    expect(twice.statusCode).toBe(409);
    expect(json<{ message: string }>(twice).message).toMatch(/already reviewed/);
    expect((await act(doc, "approver", { approverStatus: "Rejected" })).statusCode).toBe(409);
    expect(await snapshot(t, doc)).toEqual(before);
  });

  it("refuses with 409 a review chosen on a round that a new version has since replaced", async () => {
    const doc = await uploadDraft(t);
    await submit(doc);
    await addVersion(doc, "# Policy\n\nRevised while in review.\n");
    const before = await snapshot(t, doc);
    const stale = await act(doc, "reviewer", { status: "Approved", round: 1 });
    expect(stale.statusCode).toBe(409);
    expect(json<{ message: string }>(stale).message).toMatch(
      /chose on round 1, but round 2 \(version 2\) has started/,
    );
    expect(await snapshot(t, doc)).toEqual(before);
    const bad = await act(doc, "reviewer", { status: "Approved", round: "2" });
    expect(bad.statusCode).toBe(400);
    const current = await act(doc, "reviewer", { status: "Approved", round: 2 });
    expect(current.statusCode, current.body).toBe(200);
    const shown = json<Approval>(current);
    expect([shown.round, shown.reviewers.find((r) => r.id === ids.reviewer)?.status]).toEqual([
      2,
      "Approved",
    ]);
  });

  it("ignores a forged stage, activity log and other reviewers' entries", async () => {
    const doc = await uploadDraft(t);
    await submit(doc);
    const forged = await act(doc, "reviewer", {
      reviewers: [
        { id: ids.reviewer, status: "Approved", comment: "ok" },
        { id: ids.reviewer2, status: "Approved", comment: "forged" },
      ],
      stage: "Approved",
      activityLog: [{ action: "Final Approved", userId: ids.approver, timestamp: "2020-01-01", comment: "" }],
    });
    expect(forged.statusCode, forged.body).toBe(200);
    const round = json<Approval>(forged);
    expect(round.stage).toBe("Awaiting Review");
    expect(round.reviewers.map((r) => r.status)).toEqual(["Approved", "Pending"]);
    expect(round.activityLog.map((e) => e.action)).toEqual(["Submitted for review", "Review Approved"]);
    expect(await statusOf(t, doc)).toBe("In Review");

    const before = await snapshot(t, doc);
    // Only a stage or log, with no decision of the actor's own: refused, nothing written.
    const onlyStage = await act(doc, "reviewer2", { stage: "Approved", activityLog: [] });
    expect(onlyStage.statusCode).toBe(400);
    const badStatus = await act(doc, "reviewer2", { status: "Rejected" });
    expect(badStatus.statusCode).toBe(400);
    expect(await snapshot(t, doc)).toEqual(before);
  });

  it("answers 404 for a document the user cannot see or one with no approval", async () => {
    const doc = await uploadDraft(t);
    expect((await t.request("GET", `/api/documents/${doc}/approval`, { as: "author" })).statusCode).toBe(404);
    expect((await t.request("GET", `/api/documents/${doc}/approval`, { as: "viewer" })).statusCode).toBe(404);
    expect((await act(doc, "reviewer", { status: "Approved" })).statusCode).toBe(404);
  });
});

describe("concurrent actions", () => {
  it("serialises simultaneous reviews: each counts once and the approver hears once", async () => {
    const doc = await uploadDraft(t);
    await submit(doc);
    const results = await Promise.all([
      act(doc, "reviewer", { status: "Approved" }),
      act(doc, "reviewer", { status: "Approved" }),
      act(doc, "reviewer2", { status: "Approved" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    const round = json<Approval>(await t.request("GET", `/api/documents/${doc}/approval`, { as: "admin" }));
    expect(round.stage).toBe("Awaiting Approval");
    expect(round.activityLog.filter((e) => e.action === "Review Approved")).toHaveLength(2);
    expect(await inbox(t, "approver", doc)).toEqual(["ready_for_approval"]);
  });
});

describe("lists and stats", () => {
  it("lists the latest round of each visible document with title and owner, and counts them", async () => {
    const draft = await uploadDraft(t, "author", "Private draft");
    const doc = await uploadDraft(t, "author", "Listed");
    await submit(doc);
    const listed = await t.request("GET", "/api/approvals", { as: "viewer" });
    expect(listed.statusCode, listed.body).toBe(200);
    const list = json<ApprovalListItem[]>(listed);
    const entry = list.find((a) => a.documentId === doc);
    expect(entry).toMatchObject({ documentTitle: "Listed", owner: "author", stage: "Awaiting Review" });
    expect(list.some((a) => a.documentId === draft)).toBe(false);
    expect(new Set(list.map((a) => a.documentId)).size).toBe(list.length);

    const stats = json<{ total: number; pending: number; approved: number }>(
      await t.request("GET", "/api/approvals/stats", { as: "viewer" }),
    );
    expect(stats.total).toBe(list.length);
    expect(stats.pending).toBe(list.filter((a) => a.stage.startsWith("Awaiting")).length);
    expect(stats.approved).toBe(list.filter((a) => a.stage === "Approved").length);
    expect(stats.approved).toBeGreaterThan(0);
  });
});
