import type { Notification } from "@quire/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "../../db/schema";
import { json } from "../../../test/support/harness";
import { demoAppForFile, uploadDraft } from "../../../test/support/review-helpers";

const { t, ids } = demoAppForFile();

const list = async (as: string) => json<Notification[]>(await t.request("GET", "/api/notifications", { as }));
const unread = async (as: string) =>
  json<{ count: number }>(await t.request("GET", "/api/notifications/unread-count", { as })).count;

async function requestReview(title: string) {
  const doc = await uploadDraft(t, "author", title);
  t.clock.advance(1000);
  const res = await t.request("POST", `/api/documents/${doc}/submit-review`, {
    as: "author",
    body: { reviewers: [ids.reviewer], approverId: ids.approver },
  });
  expect(res.statusCode, res.body).toBe(201);
  return doc;
}

describe("notifications", () => {
  it("lists the user's own notifications newest first, with an unread count", async () => {
    expect(await list("reviewer")).toEqual([]);
    expect(await unread("reviewer")).toBe(0);
    const first = await requestReview("First");
    const second = await requestReview("Second");
    const mine = await list("reviewer");
    expect(mine.map((n) => n.documentId)).toEqual([second, first]);
    expect(mine[0]).toMatchObject({
      kind: "review_requested",
      title: "Review requested",
      body: 'author asked you to review "Second" (version 1)',
      // The facts the web writes it from in the reader's language.
      message: { key: "reviewRequested", params: { by: "author", document: "Second", version: 1 } },
      link: `/document/${second}`,
      read: false,
    });
    expect(await unread("reviewer")).toBe(2);
    expect(await list("reviewer2")).toEqual([]);
  });

  it("marks one as read for its owner only; someone else's id is not found", async () => {
    const [latest] = await list("reviewer");
    if (!latest) throw new Error("expected a notification");
    const other = await t.request("POST", `/api/notifications/${latest.id}/read`, { as: "reviewer2" });
    expect(other.statusCode).toBe(404);
    expect(await unread("reviewer")).toBe(2);
    const own = await t.request("POST", `/api/notifications/${latest.id}/read`, { as: "reviewer" });
    expect(own.statusCode).toBe(204);
    expect(await unread("reviewer")).toBe(1);
    expect((await list("reviewer")).find((n) => n.id === latest.id)?.read).toBe(true);
  });

  it("marks all read for the calling user only", async () => {
    await requestReview("Third");
    const res = await t.request("POST", "/api/notifications/read-all", { as: "reviewer" });
    expect(res.statusCode).toBe(204);
    expect(await unread("reviewer")).toBe(0);
    expect((await list("reviewer")).every((n) => n.read)).toBe(true);
  });

  it("settles a request once its addressee acts on it, and only that request", async () => {
    await t.request("POST", "/api/notifications/read-all", { as: "reviewer" });
    await t.request("POST", "/api/notifications/read-all", { as: "approver" });
    const acted = await requestReview("Acted on");
    const waiting = await requestReview("Still waiting");
    expect(await unread("reviewer")).toBe(2);
    const review = await t.request("PATCH", `/api/documents/${acted}/approval`, {
      as: "reviewer",
      body: { status: "Approved" },
    });
    expect(review.statusCode, review.body).toBe(200);
    const reviewer = await list("reviewer");
    expect(reviewer.filter((n) => !n.read).map((n) => n.documentId)).toEqual([waiting]);
    expect(await unread("reviewer")).toBe(1);
    // The approver's own request arrives with the review, and is settled by their decision.
    expect(await unread("approver")).toBe(1);
    const decision = await t.request("PATCH", `/api/documents/${acted}/approval`, {
      as: "approver",
      body: { approverStatus: "Approved" },
    });
    expect(decision.statusCode, decision.body).toBe(200);
    expect(await unread("approver")).toBe(0);
    expect(await unread("reviewer")).toBe(1);
  });

  it("keeps a decision's facts, its reason among them, for the owner's notification", async () => {
    const doc = await requestReview("With a reason");
    const asked = await t.request("PATCH", `/api/documents/${doc}/approval`, {
      as: "reviewer",
      body: { status: "Changes Requested", comment: 'Add the "scope" <section>' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const told = (await list("author")).find((n) => n.documentId === doc && n.kind === "changes_requested");
    expect(told).toMatchObject({
      title: "Changes requested",
      body: 'reviewer requested changes to "With a reason": Add the "scope" <section>',
      message: {
        key: "changesRequested",
        params: { by: "reviewer", document: "With a reason", comment: 'Add the "scope" <section>' },
      },
    });
  });

  it("answers a notification written before messages were kept with its stored English and no message", async () => {
    const doc = await requestReview("Written earlier");
    const [mine] = (await list("reviewer")).filter((n) => n.documentId === doc);
    if (!mine) throw new Error("expected a notification");
    await t.ctx.db.update(notifications).set({ message: null }).where(eq(notifications.id, mine.id));
    const again = (await list("reviewer")).find((n) => n.id === mine.id);
    expect(again).toMatchObject({
      title: "Review requested",
      body: 'author asked you to review "Written earlier" (version 1)',
      message: null,
    });
  });
});
