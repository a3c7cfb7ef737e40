import type { Approval, Notification } from "@quire/contracts";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { approvalReviewers, approvals, documents, settings, users } from "../../db/schema";
import { json } from "../../../test/support/harness";
import { demoAppForFile, inbox, snapshot, statusOf, uploadDraft } from "../../../test/support/review-helpers";

/**
 * The text decided on is the text reviewed, and the people who act hold
 * the role the round needs and do not own the document, checked at each action.
 */
const { t, ids } = demoAppForFile();
// Tests change roles; every test starts from the demo roles.
afterEach(async () => {
  const demo: Record<string, string> = {
    author: "Author",
    reviewer: "Reviewer",
    reviewer2: "Reviewer",
    approver: "Approver",
    viewer: "Viewer",
  };
  for (const [username, role] of Object.entries(demo))
    await t.ctx.db.update(users).set({ role }).where(eq(users.username, username));
});

const later = () => t.clock.advance(1000);
async function submit(id: string, body: unknown = { reviewers: [ids.reviewer], approverId: ids.approver }) {
  later();
  return t.request("POST", `/api/documents/${id}/submit-review`, { as: "author", body });
}
function act(id: string, as: string, body: unknown) {
  later();
  return t.request("PATCH", `/api/documents/${id}/approval`, { as, body });
}
const approvalOf = async (id: string, as = "admin") =>
  json<Approval>(await t.request("GET", `/api/documents/${id}/approval`, { as }));
const message = (res: Parameters<typeof json>[0]) => json<{ message: string }>(res).message;
async function newVersion(id: string, expectedVersion: number) {
  later();
  const res = await t.request("POST", `/api/documents/${id}/versions`, {
    as: "author",
    body: { content: `# Policy\n\nRevised text ${expectedVersion + 1}.\n`, expectedVersion },
  });
  expect(res.statusCode, res.body).toBe(201);
}
async function awaitingApproval(): Promise<string> {
  const doc = await uploadDraft(t);
  expect((await submit(doc)).statusCode).toBe(201);
  expect((await act(doc, "reviewer", { status: "Approved" })).statusCode).toBe(200);
  return doc;
}
async function rounds(doc: string) {
  return t.ctx.db
    .select({ round: approvals.round, version: approvals.version, stage: approvals.stage })
    .from(approvals)
    .where(eq(approvals.documentId, doc))
    .orderBy(approvals.round);
}

describe("a new version during review", () => {
  it("withdraws the round on the old text, starts one on the new, and the approver cannot approve unreviewed text", async () => {
    const doc = await awaitingApproval();
    await newVersion(doc, 1);
    expect(await statusOf(t, doc)).toBe("In Review");
    expect(await rounds(doc)).toEqual([
      { round: 1, version: 1, stage: "Withdrawn" },
      { round: 2, version: 2, stage: "Awaiting Review" },
    ]);
    const early = await act(doc, "approver", { approverStatus: "Approved" });
    expect(early.statusCode).toBe(409);
    expect(await statusOf(t, doc)).toBe("In Review");
    // Reviewer and approver (who was already waiting to decide) hear that the review starts again.
    expect(await inbox(t, "reviewer", doc)).toEqual(["review_requested", "new_version"]);
    expect(await inbox(t, "approver", doc)).toEqual(["ready_for_approval", "new_version"]);
    const round = await approvalOf(doc, "reviewer");
    expect(round).toMatchObject({ round: 2, version: 2, abilities: { review: true, decide: false } });

    expect((await act(doc, "reviewer", { status: "Approved" })).statusCode).toBe(200);
    expect((await act(doc, "approver", { approverStatus: "Approved" })).statusCode).toBe(200);
    expect(await statusOf(t, doc)).toBe("Approved");
    expect((await approvalOf(doc)).version).toBe(2);
  });

  it("never approves unreviewed text when a new version and the decision race", async () => {
    for (let i = 0; i < 4; i++) {
      const doc = await awaitingApproval();
      const [decision, version] = await Promise.all([
        act(doc, "approver", { approverStatus: "Approved" }),
        t.request("POST", `/api/documents/${doc}/versions`, {
          as: "author",
          body: { content: `# Policy\n\nRace ${i}.\n`, expectedVersion: 1 },
        }),
      ]);
      expect(version.statusCode, version.body).toBe(201);
      expect([200, 409]).toContain(decision.statusCode);
      const [row] = await t.ctx.db
        .select({ status: documents.status, current: documents.currentVersion })
        .from(documents)
        .where(eq(documents.id, doc));
      const round = await approvalOf(doc);
      // Decided first: the new version sends it back to Draft. Version first: a new round on v2.
      if (decision.statusCode === 200) expect(row).toEqual({ status: "Draft", current: 2 });
      else expect([row?.status, round.version, round.stage]).toEqual(["In Review", 2, "Awaiting Review"]);
    }
  });

  it("refuses a decision on a round whose version is no longer current (rounds left by older builds)", async () => {
    const doc = await awaitingApproval();
    // Before this fix a new version left the round open on version 1: make that state directly.
    await t.ctx.db.update(documents).set({ currentVersion: 2 }).where(eq(documents.id, doc));
    const before = await snapshot(t, doc);
    const res = await act(doc, "approver", { approverStatus: "Approved" });
    expect(res.statusCode).toBe(409);
    expect(message(res)).toMatch(/reviews version 1, but version 2 is now current/);
    expect(await snapshot(t, doc)).toEqual(before);
  });
});

describe("roles and ownership bind the workflow", () => {
  it("checks the current role at each action: a demoted reviewer or approver cannot act", async () => {
    const reviewing = await uploadDraft(t);
    await submit(reviewing);
    const deciding = await awaitingApproval();
    // Roles changed behind the workflow's back (no hook ran): the action itself must refuse.
    await t.ctx.db.update(users).set({ role: "Viewer" }).where(eq(users.id, ids.reviewer!));
    await t.ctx.db.update(users).set({ role: "Viewer" }).where(eq(users.id, ids.approver!));
    const before = await snapshot(t, reviewing);
    const review = await act(reviewing, "reviewer", { status: "Approved" });
    expect(review.statusCode).toBe(403);
    expect(message(review)).toMatch(/no longer hold the Reviewer role/);
    expect(await snapshot(t, reviewing)).toEqual(before);
    const decision = await act(deciding, "approver", { approverStatus: "Approved" });
    expect(decision.statusCode).toBe(403);
    expect(message(decision)).toMatch(/no longer hold the Approver role/);
    expect(await statusOf(t, deciding)).toBe("In Review");
    expect((await approvalOf(deciding, "approver")).abilities).toEqual({ review: false, decide: false });
  });

  it("ends the rounds that wait on a user an Admin demotes, telling the owner", async () => {
    const reviewing = await uploadDraft(t);
    await submit(reviewing);
    const deciding = await awaitingApproval();
    const res = await t.request("PATCH", `/api/users/${ids.approver}`, {
      as: "admin",
      body: { role: "Viewer" },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const doc of [reviewing, deciding]) {
      expect(await statusOf(t, doc)).toBe("Draft");
      expect((await approvalOf(doc)).stage).toBe("Withdrawn");
      expect((await inbox(t, "author", doc)).at(-1)).toBe("review_withdrawn");
    }
    // The withdrawn round grants the former approver nothing: the Draft is not theirs to see.
    const refused = await act(deciding, "approver", { approverStatus: "Approved" });
    expect(refused.statusCode).toBe(404);
    expect(await statusOf(t, deciding)).toBe("Draft");
    // The owner can submit again with someone who can approve.
    await t.ctx.db.update(users).set({ role: "Approver" }).where(eq(users.id, ids.approver!));
    expect((await submit(deciding)).statusCode).toBe(201);
  });

  it("never lets an owner made Approver approve their own document", async () => {
    const doc = await uploadDraft(t);
    await t.request("PATCH", `/api/users/${ids.author}`, { as: "admin", body: { role: "Approver" } });
    later();
    const named = await t.request("POST", `/api/documents/${doc}/submit-review`, {
      as: "admin",
      body: { reviewers: [ids.reviewer], approverId: ids.author },
    });
    expect(named.statusCode).toBe(400);
    expect(message(named)).toMatch(/owns this document and cannot approve it/);
    // The organisation's default approver is the owner here: the default leaves the owner out.
    await t.ctx.db.insert(settings).values({
      key: "approvalDefaults",
      value: { reviewerIds: [ids.reviewer, ids.reviewer2], approverId: ids.author },
    });
    const byDefault = await t.request("POST", `/api/documents/${doc}/submit-review`, {
      as: "admin",
      body: {},
    });
    expect(byDefault.statusCode, byDefault.body).toBe(201);
    expect(json<Approval>(byDefault).approverId).toBe(ids.approver);
    await t.ctx.db.delete(settings).where(eq(settings.key, "approvalDefaults"));

    // A round that names the owner anyway (made before this fix) is still refused at the decision.
    for (const as of ["reviewer", "reviewer2"]) await act(doc, as, { status: "Approved" });
    const [round] = await t.ctx.db
      .update(approvals)
      .set({ approverId: ids.author! })
      .where(and(eq(approvals.documentId, doc), eq(approvals.round, 1)))
      .returning({ id: approvals.id });
    // The approval stage's seat is where the round keeps who decides.
    await t.ctx.db
      .update(approvalReviewers)
      .set({ reviewerId: ids.author! })
      .where(and(eq(approvalReviewers.approvalId, round!.id), eq(approvalReviewers.stageIndex, 1)));
    const own = await act(doc, "author", { approverStatus: "Approved" });
    expect(own.statusCode).toBe(403);
    expect(message(own)).toMatch(/You own this document/);
    expect(await statusOf(t, doc)).toBe("In Review");
  });

  it("archiving a document during review ends its round and tells the reviewers", async () => {
    const doc = await uploadDraft(t);
    await submit(doc);
    later();
    const res = await t.request("POST", `/api/documents/${doc}/archive`, { as: "author" });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await statusOf(t, doc)).toBe("Draft");
    expect((await approvalOf(doc)).stage).toBe("Withdrawn");
    expect(await inbox(t, "reviewer", doc)).toEqual(["review_requested", "review_withdrawn"]);
    const list = json<Array<{ documentId: string }>>(
      await t.request("GET", "/api/approvals", { as: "reviewer" }),
    );
    expect(list.some((a) => a.documentId === doc)).toBe(false);
    expect((await act(doc, "reviewer", { status: "Approved" })).statusCode).toBe(404);
  });
});

describe("a reason for changes and rejections", () => {
  it("refuses Request Changes and Reject without a reason, and the author's notification carries it", async () => {
    const doc = await uploadDraft(t);
    await submit(doc);
    const before = await snapshot(t, doc);
    for (const comment of [undefined, "", "   "]) {
      const res = await act(doc, "reviewer", { status: "Changes Requested", comment });
      expect(res.statusCode).toBe(400);
      expect(message(res)).toMatch(/needs a reason/);
    }
    expect(await snapshot(t, doc)).toEqual(before);
    expect(
      (await act(doc, "reviewer", { status: "Changes Requested", comment: "Add the effective date" }))
        .statusCode,
    ).toBe(200);
    const notes = json<Notification[]>(await t.request("GET", "/api/notifications", { as: "author" }));
    expect(notes.find((n) => n.documentId === doc)?.body).toMatch(/Add the effective date/);

    const other = await awaitingApproval();
    const bare = await act(other, "approver", { approverStatus: "Rejected", approverComment: " " });
    expect(bare.statusCode).toBe(400);
    expect(message(bare)).toMatch(/rejection needs a reason/);
    expect(
      (await act(other, "approver", { approverStatus: "Rejected", approverComment: "Out of scope" }))
        .statusCode,
    ).toBe(200);
    const after = json<Notification[]>(await t.request("GET", "/api/notifications", { as: "author" }));
    expect(after.find((n) => n.documentId === other)?.body).toMatch(/Out of scope/);
  });
});

describe("the dashboard counts agree with the documents' statuses", () => {
  const total = async (status: string) =>
    Number(
      (
        await t.request("GET", `/api/documents?pageSize=1&status=${encodeURIComponent(status)}`, {
          as: "viewer",
        })
      ).headers["x-total-count"],
    );
  it("leaves a Draft's past round out of the list and stats", async () => {
    const doc = await awaitingApproval();
    expect((await act(doc, "approver", { approverStatus: "Approved" })).statusCode).toBe(200);
    const stats = async () =>
      json<{ total: number; pending: number; approved: number }>(
        await t.request("GET", "/api/approvals/stats", { as: "viewer" }),
      );
    expect((await stats()).approved).toBe(await total("Approved"));
    await newVersion(doc, 1); // Approved → Draft
    expect(await statusOf(t, doc)).toBe("Draft");
    const after = await stats();
    expect(after.approved).toBe(await total("Approved"));
    expect(after.pending).toBe(await total("In Review"));
    const list = json<Array<{ documentId: string }>>(
      await t.request("GET", "/api/approvals", { as: "author" }),
    );
    expect(list.some((a) => a.documentId === doc)).toBe(false);
    // The round's history stays on the document itself.
    expect((await approvalOf(doc, "author")).stage).toBe("Approved");
  });
});
