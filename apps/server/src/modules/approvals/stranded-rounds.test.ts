import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity, documents, documentUserAccess, systemState, users } from "../../db/schema";
import { runRepairs } from "../../bootstrap/repairs";
import { json } from "../../../test/support/harness";
import { endStrandedRounds } from "./stranded-rounds";
import {
  demoAppForFile,
  draftInReview,
  inbox,
  latestWithdrawal,
  statusOf,
} from "../../../test/support/review-helpers";

/**
 * Reviews an earlier release left open while they waited on someone who could no longer open the
 * document: the start-up repair ends them as the live path does. The state is made by writing the
 * tables directly, as that release did, since today's services end such a review at once.
 */
const { t, ids } = demoAppForFile();

const inReview = (title: string, reviewers: string[], approverId: string) =>
  draftInReview(t, ids, title, { reviewers, approverId });

/** What an earlier release's restriction did: the lists change, the review stays open. */
async function restrictBehindTheWorkflow(documentId: string, usernames: string[]) {
  await t.ctx.db.update(documents).set({ restricted: true }).where(eq(documents.id, documentId));
  await t.ctx.db.insert(documentUserAccess).values(usernames.map((u) => ({ documentId, userId: ids[u]! })));
}

const withdrawals = async () =>
  (await t.ctx.db.select().from(activity).where(eq(activity.action, "Review withdrawn"))).length;

describe("the start-up repair of reviews stranded by an earlier release", () => {
  it("ends each review waiting on someone shut out or disabled, once, as the live path would", async () => {
    const created = json<{ id: string }>(
      await t.request("POST", "/api/users", { as: "admin", body: { username: "leaver", role: "Approver" } }),
    );
    const reviewers = [ids.reviewer!, ids.reviewer2!];
    const shutOut = await inReview("Stranded by a restriction", reviewers, ids.approver!);
    const disabled = await inReview("Stranded by a disabled approver", reviewers, created.id);
    const kept = await inReview("Still reviewable", reviewers, ids.approver!);
    // reviewer has reviewed already and is waited on no more, so losing access strands nothing.
    const reviewed = await inReview("Reviewed before the restriction", reviewers, ids.approver!);
    const review = await t.request("PATCH", `/api/documents/${reviewed}/approval`, {
      as: "reviewer",
      body: { status: "Approved", comment: "Fine" },
    });
    expect(review.statusCode, review.body).toBe(200);

    await restrictBehindTheWorkflow(shutOut, ["reviewer", "approver"]);
    await restrictBehindTheWorkflow(reviewed, ["reviewer2", "approver"]);
    await t.ctx.db.update(users).set({ disabledAt: t.clock.now() }).where(eq(users.id, created.id));
    const before = await withdrawals();

    const repaired = await runRepairs(t.ctx);
    expect(repaired.filter((r) => r.key === "repair:stranded-reviews")).toEqual([
      { key: "repair:stranded-reviews", changed: 2 },
    ]);

    expect(await statusOf(t, shutOut)).toBe("Draft");
    expect(await statusOf(t, disabled)).toBe("Draft");
    expect(await statusOf(t, kept)).toBe("In Review");
    expect(await statusOf(t, reviewed)).toBe("In Review");
    // The live path's entry, as Quire: no person made this change.
    expect(await latestWithdrawal(t, shutOut)).toMatchObject({
      userId: null,
      systemActor: true,
      subjectType: "approval",
      comment: expect.stringMatching(/^reviewer2 can no longer open it \(found at start-up/),
    });
    expect((await latestWithdrawal(t, disabled))?.comment).toMatch(/^leaver can no longer open it/);
    expect(await withdrawals()).toBe(before + 2);
    // The owner and the assignees who can still open it are told why; the one shut out is not.
    expect(await inbox(t, "author", shutOut)).toContain("review_withdrawn");
    expect(await inbox(t, "reviewer", shutOut)).toContain("review_withdrawn");
    expect(await inbox(t, "reviewer2", shutOut)).not.toContain("review_withdrawn");
    expect(await inbox(t, "author", disabled)).toContain("review_withdrawn");
    expect(await inbox(t, "reviewer2", disabled)).toContain("review_withdrawn");

    // Once per database: the next start skips it, and running it again would change nothing.
    expect(await runRepairs(t.ctx)).toEqual([]);
    expect(await endStrandedRounds(t.ctx)).toBe(0);
    expect(await withdrawals()).toBe(before + 2);
    const [marker] = await t.ctx.db
      .select()
      .from(systemState)
      .where(eq(systemState.key, "repair:stranded-reviews"));
    expect(marker?.value).toMatchObject({ changed: 2 });
  });

  it("reads the open reviews a batch at a time and still visits every one", async () => {
    const reviewers = [ids.reviewer!, ids.reviewer2!];
    const stranded: string[] = [];
    for (const title of ["Batch one", "Batch two", "Batch three"]) {
      const id = await inReview(title, reviewers, ids.approver!);
      await restrictBehindTheWorkflow(id, ["reviewer", "approver"]);
      stranded.push(id);
    }
    const open = await inReview("Batch open", reviewers, ids.approver!);

    expect(await endStrandedRounds(t.ctx, { batchSize: 1 })).toBe(3);
    for (const id of stranded) expect(await statusOf(t, id)).toBe("Draft");
    expect(await statusOf(t, open)).toBe("In Review");
    const ended = await t.ctx.db
      .select({ documentId: activity.documentId })
      .from(activity)
      .where(eq(activity.action, "Review withdrawn"));
    for (const id of stranded) expect(ended.filter((e) => e.documentId === id)).toHaveLength(1);
  });
});
