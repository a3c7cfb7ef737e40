import type {
  Approval,
  ApprovalListItem,
  AiAnswer,
  Document,
  Notification,
  ReviewDueItem,
  SearchResult,
  Version,
} from "@quire/contracts";
import { addMonths } from "@quire/contracts";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity } from "../../db/schema";
import { json } from "../../../test/support/harness";
import {
  approveThrough as approveDoc,
  revise as reviseDoc,
  submitToDemoReviewers,
  uploadMarkdown,
} from "../../../test/support/control-helpers";
import { demoAppForFile } from "../../../test/support/review-helpers";

/**
 * Document control through the API: readers held to the effective version while a revision is in
 * review (the page, versions, diffs, search and the assistant), and periodic review on the test
 * clock (due on the dashboard, the owner reminded, re-confirmed).
 */
const { t, ids } = demoAppForFile();
const DAY = 24 * 60 * 60_000;

let made = 0;
async function category(): Promise<string> {
  made += 1;
  const res = await t.request("POST", "/api/categories", {
    as: "admin",
    body: { name: `Controlled ${made}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: string }>(res).id;
}

const upload = (categoryId: string, title: string, text: string) =>
  uploadMarkdown(t, categoryId, title, text);
/** The author submits `doc` to the reviewer, then the approver. */
const submit = (doc: string) => submitToDemoReviewers(t, ids, doc);
const approveThrough = (doc: string) => approveDoc(t, ids, doc);
const revise = (doc: string, content: string, expectedVersion: number) =>
  reviseDoc(t, doc, content, expectedVersion);

const read = async (doc: string, as: string) => {
  const res = await t.request("GET", `/api/documents/${doc}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return json<Document>(res);
};
const search = async (q: string, as: string) =>
  json<SearchResult[]>(await t.request("GET", `/api/search?q=${encodeURIComponent(q)}`, { as }));

const V1 =
  "# Kiln Firing SOP\n\nPreheat the kiln with the zephyrine burner for forty minutes before loading.\n";
const V2 =
  "# Kiln Firing SOP\n\nPreheat the kiln with the quillabrand induction coil for ten minutes before loading.\n";

describe("the effective version", () => {
  it("while version 2 is in review, a Viewer reads, finds and asks about version 1 only", async () => {
    const doc = await upload(await category(), "Kiln Firing SOP", V1);
    await approveThrough(doc);
    const approved = await read(doc, "viewer");
    expect(approved.control).toMatchObject({ effectiveVersion: 1, readingEffective: false, revision: null });

    await revise(doc, V2, 1);
    // A revision in Draft is the owner's: a Viewer still reads version 1 and is not told of it.
    const duringDraft = await read(doc, "viewer");
    expect(duringDraft.currentVersion.content).toContain("zephyrine");
    expect(duringDraft.control).toMatchObject({ readingEffective: true, revision: null });

    await submit(doc);

    const viewer = await read(doc, "viewer");
    expect(viewer).toMatchObject({ status: "Approved", currentVersionNumber: 1, versionCount: 1 });
    expect(viewer.currentVersion.content).toContain("zephyrine");
    expect(viewer.currentVersion.content).not.toContain("quillabrand");
    expect(viewer.control).toMatchObject({
      effectiveVersion: 1,
      readingEffective: true,
      revision: { version: 2, status: "In Review" },
    });
    // The owner and the reviewer the round waits on read the revision.
    for (const as of ["author", "reviewer", "admin"]) {
      const seen = await read(doc, as);
      expect(seen.currentVersionNumber, as).toBe(2);
      expect(seen.currentVersion.content, as).toContain("quillabrand");
      expect(seen.control.readingEffective, as).toBe(false);
    }
    // Another Author with no part in the round reads what the Viewer reads.
    expect((await read(doc, "viewer")).currentVersionNumber).toBe(1);

    // Versions, a version, its original, a diff and its analysis past version 1 are not there for the Viewer.
    const versions = json<Version[]>(
      await t.request("GET", `/api/documents/${doc}/versions`, { as: "viewer" }),
    );
    expect(versions.map((v) => v.version)).toEqual([1]);
    for (const url of [
      `/api/documents/${doc}/versions/2`,
      `/api/documents/${doc}/versions/2/original`,
      `/api/documents/${doc}/diff/1/2`,
      `/api/documents/${doc}/diff/1/2/analysis`,
    ])
      expect((await t.request("GET", url, { as: "viewer" })).statusCode, url).toBe(404);
    expect((await t.request("GET", `/api/documents/${doc}/diff/1/2`, { as: "reviewer" })).statusCode).toBe(
      200,
    );

    // Search holds the effective text: a word only in version 2 finds nothing, one only in version 1 finds it.
    expect(await search("quillabrand", "viewer")).toEqual([]);
    const found = await search("zephyrine", "viewer");
    expect(found.map((r) => r.document.id)).toEqual([doc]);
    expect(found[0]!.document.currentVersionNumber).toBe(1);
    expect(found[0]!.highlightedExcerpt).toContain("zephyrine");

    // The assistant answers from version 1 and never quotes version 2.
    const asked = json<AiAnswer>(
      await t.request("POST", "/api/ai/ask", {
        as: "viewer",
        body: { question: "How long is the kiln preheated with the zephyrine burner?", documentId: doc },
      }),
    );
    expect(asked.citations.map((c) => c.documentId)).toContain(doc);
    expect(JSON.stringify(asked)).not.toContain("quillabrand");

    // Once version 2 is approved it is everyone's, and version 1 says what superseded it.
    t.clock.advance(1000);
    expect(
      (
        await t.request("PATCH", `/api/documents/${doc}/approval`, {
          as: "reviewer",
          body: { status: "Approved" },
        })
      ).statusCode,
    ).toBe(200);
    t.clock.advance(1000);
    expect(
      (
        await t.request("PATCH", `/api/documents/${doc}/approval`, {
          as: "approver",
          body: { approverStatus: "Approved" },
        })
      ).statusCode,
    ).toBe(200);
    await t.runner.runUntilIdle();
    const after = await read(doc, "viewer");
    expect(after).toMatchObject({
      currentVersionNumber: 2,
      control: { effectiveVersion: 2, revision: null },
    });
    const history = json<Version[]>(
      await t.request("GET", `/api/documents/${doc}/versions`, { as: "viewer" }),
    );
    expect(history.map((v) => [v.version, v.supersededBy, v.approvedAt !== null])).toEqual([
      [2, null, true],
      [1, 2, true],
    ]);
    expect((await search("quillabrand", "viewer")).map((r) => r.document.id)).toEqual([doc]);
    expect(await search("zephyrine", "viewer")).toEqual([]);
  });

  it("shows a Viewer the round that approved the effective version, not the revision's", async () => {
    const doc = await upload(await category(), "Kiln Cooling SOP", V1.replace("Firing", "Cooling"));
    await approveThrough(doc);
    await revise(doc, V2.replace("Firing", "Cooling"), 1);
    await submit(doc);
    t.clock.advance(1000);
    const asked = await t.request("PATCH", `/api/documents/${doc}/approval`, {
      as: "reviewer",
      body: { status: "Changes Requested", comment: "The quillabrand coil is not certified" },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // The revision went back to its owner; the reviewer's comment quotes its text.
    const viewer = await t.request("GET", `/api/documents/${doc}/approval`, { as: "viewer" });
    expect(viewer.statusCode, viewer.body).toBe(200);
    expect(json<Approval>(viewer)).toMatchObject({ round: 1, version: 1, stage: "Approved" });
    expect(viewer.body).not.toContain("quillabrand");
    const owner = json<Approval>(await t.request("GET", `/api/documents/${doc}/approval`, { as: "author" }));
    expect(owner).toMatchObject({ round: 2, version: 2, stage: "Changes Requested" });
    // The approvals list agrees, for each of them.
    const listed = async (as: string) =>
      json<ApprovalListItem[]>(await t.request("GET", "/api/approvals", { as })).find(
        (a) => a.documentId === doc,
      );
    expect(await listed("viewer")).toMatchObject({
      round: 1,
      version: 1,
      stage: "Approved",
      documentStatus: "Approved",
    });
    expect(await listed("author")).toMatchObject({ round: 2, stage: "Changes Requested" });
  });

  it("an exported summary of the effective version carries the controlled-copy stamp", async () => {
    const doc = await upload(await category(), "Stamped SOP", V1);
    await approveThrough(doc);
    const res = await t.request("GET", `/api/documents/${doc}/summary.md`, { as: "viewer" });
    expect(res.statusCode, res.body).toBe(200);
    const on = (await read(doc, "viewer")).control.periodicReview.effectiveOn;
    expect(res.body).toContain(`Controlled copy, version 1, effective ${on}; uncontrolled when printed`);
  });
});

async function tick(days: number): Promise<string[]> {
  t.clock.advance(days * DAY);
  t.forgetSessions();
  const fired = await t.runner.fireSchedules();
  await t.runner.runUntilIdle();
  return fired;
}

const dueList = async (as: string) =>
  json<{ items: ReviewDueItem[] }>(await t.request("GET", "/api/dashboard/periodic-reviews", { as })).items;
const reminders = async (as: string, doc: string) =>
  json<Notification[]>(await t.request("GET", "/api/notifications", { as }))
    .filter((n) => n.documentId === doc && n.kind === "periodic_review")
    .map((n) => n.title)
    .reverse();

describe("periodic review (test clock)", () => {
  it("suggests the dates the text states and lets the owner confirm them", async () => {
    const doc = await upload(
      await category(),
      "Sterilisation SOP",
      "# Sterilisation SOP\n\n**Owner:** Quality · **Effective:** 1 March 2026 · **Review date:** 1 March 2028\n\nAutoclave at 121 °C.\n",
    );
    await approveThrough(doc);
    const suggestion = await t.request("GET", `/api/documents/${doc}/periodic-review/suggestion`, {
      as: "author",
    });
    expect(json(suggestion)).toMatchObject({
      effectiveOn: "2026-03-01",
      reviewOn: "2028-03-01",
      intervalMonths: 24,
    });
    expect(
      (await t.request("GET", `/api/documents/${doc}/periodic-review/suggestion`, { as: "viewer" }))
        .statusCode,
    ).toBe(403);

    const bad = await t.request("PUT", `/api/documents/${doc}/periodic-review`, {
      as: "author",
      body: { intervalMonths: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const set = await t.request("PUT", `/api/documents/${doc}/periodic-review`, {
      as: "author",
      body: { effectiveOn: "2026-03-01", intervalMonths: 24 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(json<Document>(set).control.periodicReview).toMatchObject({
      effectiveOn: "2026-03-01",
      intervalMonths: 24,
      intervalSource: "document",
      nextReviewOn: "2028-03-01",
    });
    expect(
      (
        await t.request("PUT", `/api/documents/${doc}/periodic-review`, {
          as: "viewer",
          body: { intervalMonths: 12 },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("a review date that passes shows as due, then lapsed, on the dashboard and tells the owner; re-confirming moves it", async () => {
    await t.runner.fireSchedules();
    const cat = await category();
    const interval = await t.request("PUT", `/api/categories/${cat}/review-interval`, {
      as: "admin",
      body: { months: 12 },
    });
    expect(interval.statusCode, interval.body).toBe(204);
    const shown = await t.request("GET", `/api/categories/${cat}/review-interval`, { as: "admin" });
    expect(json(shown)).toEqual({ months: 12 });
    expect(
      (
        await t.request("PUT", `/api/categories/${cat}/review-interval`, {
          as: "author",
          body: { months: 6 },
        })
      ).statusCode,
    ).toBe(403);
    const doc = await upload(cat, "Calibration SOP", "# Calibration SOP\n\nCalibrate the balance weekly.\n");
    await approveThrough(doc);
    const start = await read(doc, "author");
    const effectiveOn = start.control.periodicReview.effectiveOn!;
    const nextReviewOn = addMonths(effectiveOn, 12);
    expect(start.control.periodicReview).toMatchObject({
      intervalMonths: 12,
      intervalSource: "category",
      nextReviewOn,
      state: "scheduled",
    });
    expect((await dueList("author")).map((i) => i.documentId)).not.toContain(doc);

    // Thirty days before the date: due, and the owner is told once.
    const untilDue = (Date.parse(`${nextReviewOn}T00:00:00Z`) - t.clock.now().getTime()) / DAY - 29;
    expect(await tick(untilDue)).toContain("periodic-review");
    expect((await dueList("author")).find((i) => i.documentId === doc)).toMatchObject({
      state: "due",
      nextReviewOn,
      effectiveVersion: 1,
    });
    expect(await reminders("author", doc)).toEqual(["Periodic review due"]);
    await tick(1);
    expect(await reminders("author", doc)).toEqual(["Periodic review due"]);
    expect(await reminders("viewer", doc)).toEqual([]);

    // The day after the date: lapsed, flagged on the document, the owner told again.
    await tick(30);
    expect((await dueList("viewer")).find((i) => i.documentId === doc)?.state).toBe("overdue");
    expect((await read(doc, "viewer")).control.periodicReview.state).toBe("overdue");
    expect(await reminders("author", doc)).toEqual(["Periodic review due", "Periodic review lapsed"]);
    const told = json<Notification[]>(await t.request("GET", "/api/notifications", { as: "author" }))
      .filter((n) => n.documentId === doc && n.kind === "periodic_review")
      .map((n) => n.message)
      .reverse();
    expect(told).toEqual(
      ["periodicReviewDue", "periodicReviewLapsed"].map((key) => ({
        key,
        params: { document: "Calibration SOP", reviewOn: nextReviewOn, version: 1 },
      })),
    );

    // Re-confirm: a review record on version 1, and the next date a year from today.
    expect(
      (await t.request("POST", `/api/documents/${doc}/periodic-review/confirm`, { as: "viewer", body: {} }))
        .statusCode,
    ).toBe(403);
    const confirmed = await t.request("POST", `/api/documents/${doc}/periodic-review/confirm`, {
      as: "author",
      body: { comment: "Still accurate" },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(json<Document>(confirmed).control).toMatchObject({
      effectiveVersion: 1,
      periodicReview: { nextReviewOn: addMonths(today, 12), state: "scheduled" },
    });
    expect((await dueList("author")).map((i) => i.documentId)).not.toContain(doc);
    const [entry] = await t.ctx.db
      .select()
      .from(activity)
      .where(and(eq(activity.documentId, doc), eq(activity.action, "Confirmed periodic review")))
      .orderBy(desc(activity.id));
    expect(entry).toMatchObject({ userId: ids.author, comment: "Still accurate" });
    expect(entry?.data).toMatchObject({ version: 1, previousReviewOn: nextReviewOn });
  });

  it("refuses to re-confirm a document that was never approved", async () => {
    const doc = await upload(await category(), "Unapproved SOP", "# Unapproved\n\nText.\n");
    const res = await t.request("POST", `/api/documents/${doc}/periodic-review/confirm`, {
      as: "author",
      body: {},
    });
    expect(res.statusCode).toBe(409);
    expect(json<{ message: string }>(res).message).toMatch(/no approved version/);
  });
});
