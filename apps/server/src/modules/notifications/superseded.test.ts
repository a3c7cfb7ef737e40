import type { Notification } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { json } from "../../../test/support/harness";
import { demoAppForFile, uploadDraft } from "../../../test/support/review-helpers";

const { t, ids } = demoAppForFile();

const list = async (as: string) => json<Notification[]>(await t.request("GET", "/api/notifications", { as }));
const bell = async (as: string) =>
  json<{ count: number }>(await t.request("GET", "/api/notifications/unread-count", { as })).count;
const waitingOnMe = async (as: string) =>
  json<{ waitingOnYou: number }>(await t.request("GET", "/api/approvals/stats", { as })).waitingOnYou;
const about = async (as: string, documentId: string) =>
  (await list(as)).filter((n) => n.documentId === documentId);

/** A draft submitted to both reviewers, with the approver; every earlier notification read. */
async function inReviewByTwo(title: string): Promise<string> {
  for (const who of ["reviewer", "reviewer2", "approver", "author"])
    await t.request("POST", "/api/notifications/read-all", { as: who });
  const doc = await uploadDraft(t, "author", title);
  t.clock.advance(1000);
  const res = await t.request("POST", `/api/documents/${doc}/submit-review`, {
    as: "author",
    body: { reviewers: [ids.reviewer, ids.reviewer2], approverId: ids.approver },
  });
  expect(res.statusCode, res.body).toBe(201);
  t.clock.advance(1000);
  return doc;
}

async function expectBellMatchesQueue(who: string) {
  expect(await bell(who), who).toBe(await waitingOnMe(who));
}

describe("requests a round no longer needs", () => {
  it("are superseded for the other reviewer when one reviewer requests changes", async () => {
    const doc = await inReviewByTwo("Changes early");
    expect(await bell("reviewer2")).toBe(1);
    await expectBellMatchesQueue("reviewer2");

    const res = await t.request("PATCH", `/api/documents/${doc}/approval`, {
      as: "reviewer",
      body: { status: "Changes Requested", comment: "Section 2 is out of date" },
    });
    expect(res.statusCode, res.body).toBe(200);

    const [request] = await about("reviewer2", doc);
    expect(request).toMatchObject({ kind: "review_requested", read: true, superseded: true });
    expect(await bell("reviewer2")).toBe(0);
    await expectBellMatchesQueue("reviewer2");
    // The one who ended it answered: their request is settled, not superseded.
    expect(await about("reviewer", doc)).toMatchObject([{ read: true, superseded: false }]);
    // The owner's news is not a request and stays unread.
    expect(await about("author", doc)).toMatchObject([{ kind: "changes_requested", read: false }]);
  });

  it("are replaced, not added to, when a new version restarts the round", async () => {
    const doc = await inReviewByTwo("Restarted");
    const res = await t.request("POST", `/api/documents/${doc}/versions`, {
      as: "author",
      body: { content: "# Restarted\n\nThe second text.", expectedVersion: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    for (const who of ["reviewer", "reviewer2"]) {
      const notes = await about(who, doc);
      expect(
        notes.filter((n) => !n.read).map((n) => n.kind),
        who,
      ).toEqual(["new_version"]);
      expect(notes.find((n) => n.kind === "review_requested")?.superseded, who).toBe(true);
      await expectBellMatchesQueue(who);
    }
    // Answering the new round settles its request too.
    const review = await t.request("PATCH", `/api/documents/${doc}/approval`, {
      as: "reviewer2",
      body: { status: "Approved", round: 2 },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(await bell("reviewer2")).toBe(0);
    await expectBellMatchesQueue("reviewer2");
  });

  it("leave the approver alone while the restarted round is still with its reviewers", async () => {
    const doc = await inReviewByTwo("Restarted before approval");
    const res = await t.request("POST", `/api/documents/${doc}/versions`, {
      as: "author",
      body: { content: "# Restarted before approval\n\nThe second text.", expectedVersion: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Not yet asked in the first round, so not asked again: nothing new, nothing waiting.
    expect((await about("approver", doc)).map((n) => n.kind)).toEqual([]);
    expect(await bell("approver")).toBe(0);
    await expectBellMatchesQueue("approver");
  });

  // Last: the reviewer disabled here keeps no session for later tests.
  it("are superseded for everyone it waited on when the round is withdrawn", async () => {
    const doc = await inReviewByTwo("Withdrawn early");
    const res = await t.request("PATCH", `/api/users/${ids.reviewer}`, {
      as: "admin",
      body: { disabled: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    try {
      const notes = await about("reviewer2", doc);
      expect(notes.find((n) => n.kind === "review_requested")).toMatchObject({
        read: true,
        superseded: true,
      });
      // Told why, as news: the only unread item, and nothing waits on them.
      expect(notes.filter((n) => !n.read).map((n) => n.kind)).toEqual(["review_withdrawn"]);
      expect(await waitingOnMe("reviewer2")).toBe(0);
    } finally {
      await t.request("PATCH", `/api/users/${ids.reviewer}`, { as: "admin", body: { disabled: false } });
    }
  });
});
