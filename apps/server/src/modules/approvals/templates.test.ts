import type { Approval, ApprovalTemplate, CategoryTemplate, Document } from "@quire/contracts";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity } from "../../db/schema";
import { json, multipart } from "../../../test/support/harness";
import {
  categoryWithTemplate,
  demoAppForFile,
  inbox,
  snapshot,
  statusOf,
  templateStage as stage,
} from "../../../test/support/review-helpers";

/**
 * Approval templates through the API: ordered stages with their pools, quorums and negative
 * outcomes, the round's own copy of its template, due dates with reminders and escalation on the
 * test clock, and out-of-office delegation by date range.
 */
const { t, ids } = demoAppForFile();
const DAY = 24 * 60 * 60_000;

let categories = 0;
/** A fresh category with `template`, as an Admin sets it. */
async function categoryWith(template: ApprovalTemplate): Promise<string> {
  categories += 1;
  const { id, saved } = await categoryWithTemplate(t, `Templates ${categories}`, template);
  expect(saved.custom).toBe(true);
  return id;
}

async function group(name: string, members: string[]): Promise<string> {
  const res = await t.request("POST", "/api/groups", {
    as: "admin",
    body: { name, memberIds: members.map((m) => ids[m]) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: string }>(res).id;
}

async function draftIn(categoryId: string, title: string): Promise<string> {
  const { body, headers } = multipart(
    { title, categoryId, allowDuplicate: "true" },
    { name: "sop.md", bytes: Buffer.from(`# ${title}\n\nCalibrate the scale before each batch.\n`) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  return json<Document>(res).id;
}

type Pick = { userId: string } | { groupId: string };
const user = (name: string): Pick => ({ userId: ids[name]! });

function submit(doc: string, stages: Pick[][]) {
  t.clock.advance(1000);
  return t.request("POST", `/api/documents/${doc}/submit-review`, {
    as: "author",
    body: { stages: stages.map((assignees) => ({ assignees })) },
  });
}
function act(doc: string, as: string, body: Record<string, unknown>) {
  t.clock.advance(1000);
  return t.request("PATCH", `/api/documents/${doc}/approval`, { as, body });
}
const approve = (doc: string, as: string) => act(doc, as, { status: "Approved", approverStatus: "Approved" });
async function round(doc: string, as = "admin"): Promise<Approval> {
  return json<Approval>(await t.request("GET", `/api/documents/${doc}/approval`, { as }));
}
const states = (a: Approval) => a.stages.map((s) => s.state);
const seats = (a: Approval, i: number) => a.stages[i]!.assignees.map((s) => [s.username, s.status]);
const message = (res: { body: string }) => json<{ message: string }>(res as never).message;

describe("a three-stage template", () => {
  it("runs its stages in order; a group's place is settled by one member; the last stage approves", async () => {
    const quality = await group("Quality", ["viewer", "admin"]);
    const cat = await categoryWith({
      stages: [
        stage("Technical review", { quorum: { kind: "any" } }),
        stage("Quality", { roles: [], groupIds: [quality], quorum: { kind: "all" } }),
        stage("Release", { roles: ["Approver"] }),
      ],
    });
    const doc = await draftIn(cat, "Scale calibration");
    const res = await submit(doc, [
      [user("reviewer"), user("reviewer2")],
      [{ groupId: quality }],
      [user("approver")],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    let a = json<Approval>(res);
    expect(a.stage).toBe("Awaiting Review");
    expect(states(a)).toEqual(["Open", "Waiting", "Waiting"]);
    expect(a.stages[1]!.assignees.map((s) => [s.username, s.groupName])).toEqual([
      ["admin", "Quality"],
      ["viewer", "Quality"],
    ]);
    expect(await inbox(t, "reviewer", doc)).toEqual(["review_requested"]);
    expect(await inbox(t, "viewer", doc)).toEqual([]);

    // Nobody acts before their stage opens.
    const early = await approve(doc, "viewer");
    expect(early.statusCode).toBe(409);
    expect(message(early)).toMatch(/opens once Technical review is done/);
    expect((await approve(doc, "approver")).statusCode).toBe(409);

    expect((await approve(doc, "reviewer")).statusCode).toBe(200);
    a = await round(doc);
    expect(states(a)).toEqual(["Passed", "Open", "Waiting"]);
    expect(seats(a, 0)).toEqual([
      ["reviewer", "Approved"],
      ["reviewer2", "Not Needed"],
    ]);
    expect((await approve(doc, "reviewer2")).statusCode).toBe(409);
    expect(await inbox(t, "viewer", doc)).toEqual(["review_requested"]);
    expect((await round(doc, "viewer")).choices).toEqual(["Approved", "Changes Requested"]);

    // "All" counts the group once: one member's approval settles it.
    expect((await approve(doc, "viewer")).statusCode).toBe(200);
    a = await round(doc);
    expect(a.stage).toBe("Awaiting Approval");
    expect(seats(a, 1)).toEqual([
      ["admin", "Not Needed"],
      ["viewer", "Approved"],
    ]);
    expect((await approve(doc, "admin")).statusCode).toBe(409);
    expect(await inbox(t, "approver", doc)).toEqual(["ready_for_approval"]);
    expect((await round(doc, "approver")).choices).toEqual(["Approved", "Rejected"]);

    expect((await approve(doc, "approver")).statusCode).toBe(200);
    a = await round(doc);
    expect(a).toMatchObject({
      stage: "Approved",
      approverStatus: "Approved",
      status: "Approved",
      step: null,
    });
    expect(states(a)).toEqual(["Passed", "Passed", "Passed"]);
    expect(await statusOf(t, doc)).toBe("Approved");
  });

  it("refuses picks outside a stage's pool, short of its quorum, twice over, or for the wrong number of stages", async () => {
    const cat = await categoryWith({
      stages: [
        stage("Peer review", { quorum: { kind: "count", n: 2 } }),
        stage("Sign-off", { roles: ["Approver"] }),
      ],
    });
    const doc = await draftIn(cat, "Picks");
    const cases: Array<[Pick[][], RegExp]> = [
      [[[user("reviewer")], [user("approver")]], /Peer review needs 2 approvals/],
      [[[user("reviewer"), user("viewer")], [user("approver")]], /viewer is not in the pool of Peer review/],
      [[[user("reviewer"), user("reviewer2")], [user("reviewer")]], /not in the pool of Sign-off/],
      [[[user("reviewer"), user("author")], [user("approver")]], /author owns this document/],
      [[[user("reviewer"), user("reviewer2")]], /has 2 stages/],
    ];
    for (const [picks, why] of cases) {
      const before = await snapshot(t, doc);
      const res = await submit(doc, picks);
      expect(res.statusCode, res.body).toBe(400);
      expect(message(res)).toMatch(why);
      expect(await snapshot(t, doc)).toEqual(before);
    }
    expect(await statusOf(t, doc)).toBe("Draft");
  });
});

describe("quorum and what a negative choice does", () => {
  it("records a request for changes under 'let the quorum decide' and passes on 2 of 3", async () => {
    const cat = await categoryWith({
      stages: [
        stage("Peer review", {
          roles: ["Reviewer", "Admin"],
          quorum: { kind: "count", n: 2 },
          onChanges: "quorum",
        }),
        stage("Sign-off", { roles: ["Approver"] }),
      ],
    });
    const doc = await draftIn(cat, "Quorum");
    expect(
      (await submit(doc, [[user("reviewer"), user("reviewer2"), user("admin")], [user("approver")]]))
        .statusCode,
    ).toBe(201);
    const asked = await act(doc, "reviewer", { status: "Changes Requested", comment: "Typo in step 3" });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(json<Approval>(asked).stage).toBe("Awaiting Review");
    expect(await statusOf(t, doc)).toBe("In Review");
    expect((await approve(doc, "reviewer2")).statusCode).toBe(200);
    expect((await round(doc)).stage).toBe("Awaiting Review");
    expect((await approve(doc, "admin")).statusCode).toBe(200);
    const a = await round(doc);
    expect(a.stage).toBe("Awaiting Approval");
    expect(a.stages[0]).toMatchObject({ needed: 2, approvals: 2, state: "Passed" });
  });

  it("ends the stage once its quorum can no longer be met", async () => {
    const cat = await categoryWith({
      stages: [
        stage("Peer review", { quorum: { kind: "all" }, onChanges: "quorum" }),
        stage("Sign-off", { roles: ["Approver"] }),
      ],
    });
    const doc = await draftIn(cat, "All of them");
    await submit(doc, [[user("reviewer"), user("reviewer2")], [user("approver")]]);
    expect(
      (await act(doc, "reviewer", { status: "Changes Requested", comment: "Missing scope" })).statusCode,
    ).toBe(200);
    expect((await round(doc)).stage).toBe("Changes Requested");
    expect(await statusOf(t, doc)).toBe("Changes Requested");
  });

  it("lets a rejection be outvoted at the approval stage when the template says so", async () => {
    const cat = await categoryWith({
      stages: [stage("Review"), stage("Approval", { roles: ["Approver", "Admin"], onReject: "quorum" })],
    });
    const doc = await draftIn(cat, "Two approvers");
    await submit(doc, [[user("reviewer")], [user("approver"), user("admin")]]);
    await approve(doc, "reviewer");
    const rejected = await act(doc, "approver", { approverStatus: "Rejected", approverComment: "Not yet" });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(json<Approval>(rejected).stage).toBe("Awaiting Approval");
    expect((await approve(doc, "admin")).statusCode).toBe(200);
    expect(await statusOf(t, doc)).toBe("Approved");
  });
});

describe("send back for changes", () => {
  it("is offered at the approval stage only where the template allows it, and returns the document to its author", async () => {
    const allowed = await categoryWith({
      stages: [stage("Review"), stage("Approval", { roles: ["Approver"], sendBack: true })],
    });
    const doc = await draftIn(allowed, "Send back");
    await submit(doc, [[user("reviewer")], [user("approver")]]);
    await approve(doc, "reviewer");
    expect((await round(doc, "approver")).choices).toEqual(["Approved", "Rejected", "Changes Requested"]);
    const noReason = await act(doc, "approver", { approverStatus: "Changes Requested" });
    expect(noReason.statusCode).toBe(400);
    const back = await act(doc, "approver", {
      approverStatus: "Changes Requested",
      approverComment: "Cite the standard",
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(json<Approval>(back)).toMatchObject({
      stage: "Changes Requested",
      approverStatus: "Changes Requested",
    });
    expect(await statusOf(t, doc)).toBe("Changes Requested");
    expect(await inbox(t, "author", doc)).toContain("changes_requested");
    expect(json<Approval>(back).activityLog.at(-1)).toMatchObject({ action: "Sent back for changes" });

    const fixed = await categoryWith({
      stages: [stage("Review"), stage("Approval", { roles: ["Approver"] })],
    });
    const other = await draftIn(fixed, "No send back");
    await submit(other, [[user("reviewer")], [user("approver")]]);
    await approve(other, "reviewer");
    const refused = await act(other, "approver", {
      approverStatus: "Changes Requested",
      approverComment: "x",
    });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toMatch(/must be Approved or Rejected/);
  });

  it("ends the round from a middle review stage", async () => {
    const cat = await categoryWith({
      stages: [
        stage("First"),
        stage("Second", { roles: ["Admin"] }),
        stage("Approval", { roles: ["Approver"] }),
      ],
    });
    const doc = await draftIn(cat, "Middle");
    await submit(doc, [[user("reviewer")], [user("admin")], [user("approver")]]);
    await approve(doc, "reviewer");
    expect((await act(doc, "admin", { status: "Changes Requested", comment: "Rework" })).statusCode).toBe(
      200,
    );
    const a = await round(doc);
    expect(a.stage).toBe("Changes Requested");
    expect(states(a)).toEqual(["Passed", "Failed", "Closed"]);
  });
});

describe("the round keeps its own copy of the template", () => {
  it("an Admin's edit during a running round changes only rounds started afterwards", async () => {
    const cat = await categoryWith({
      stages: [
        stage("First"),
        stage("Second", { roles: ["Admin"] }),
        stage("Approval", { roles: ["Approver"] }),
      ],
    });
    const running = await draftIn(cat, "Running");
    await submit(running, [[user("reviewer")], [user("admin")], [user("approver")]]);
    await approve(running, "reviewer");
    const edited = await t.request("PUT", `/api/categories/${cat}/approval-template`, {
      as: "admin",
      body: { stages: [stage("Only approval", { roles: ["Approver"], sendBack: true })] },
    });
    expect(edited.statusCode).toBe(200);
    let a = await round(running);
    expect(a.stages.map((s) => s.name)).toEqual(["First", "Second", "Approval"]);
    expect((await approve(running, "admin")).statusCode).toBe(200);
    a = await round(running);
    expect(a.stage).toBe("Awaiting Approval");
    expect((await round(running, "approver")).choices).toEqual(["Approved", "Rejected"]);

    const later = await draftIn(cat, "Later");
    const tpl = json<CategoryTemplate>(
      await t.request("GET", `/api/documents/${later}/approval-template`, { as: "author" }),
    );
    expect(tpl.template.stages.map((s) => s.name)).toEqual(["Only approval"]);
    const started = await submit(later, [[user("approver")]]);
    expect(started.statusCode, started.body).toBe(201);
    expect(json<Approval>(started)).toMatchObject({ stage: "Awaiting Approval", step: 0 });
  });
});

/** Moves the clock; sign-ins older than that have expired, so each user signs in again. */
function advance(ms: number) {
  t.clock.advance(ms);
  t.forgetSessions();
}

/** Fires the schedules due at the clock's time and runs what they queued. */
async function tick(days: number) {
  advance(days * DAY);
  const fired = await t.runner.fireSchedules();
  await t.runner.runUntilIdle();
  return fired;
}

describe("due dates, reminders and escalation (test clock)", () => {
  it("reminds the day before and on the day, then tells the Admins once the stage is overdue", async () => {
    const cat = await categoryWith({
      stages: [stage("Review", { dueDays: 2 }), stage("Approval", { roles: ["Approver"], dueDays: 5 })],
    });
    // From six in the morning (UTC) of the next day, so a few hours' moves stay within a day.
    const tomorrow = new Date(t.clock.now().getTime() + DAY).toISOString().slice(0, 10);
    t.clock.set(new Date(`${tomorrow}T06:00:00Z`));
    t.forgetSessions();
    await t.runner.fireSchedules();
    const doc = await draftIn(cat, "Deadlines");
    const res = await submit(doc, [[user("reviewer")], [user("approver")]]);
    const start = t.clock.now();
    const due = new Date(start.getTime() + 2 * DAY).toISOString().slice(0, 10);
    expect(json<Approval>(res).stages[0]!.dueOn).toBe(due);

    expect(await tick(1)).toContain("approval-deadlines");
    expect(await inbox(t, "reviewer", doc)).toEqual(["review_requested", "review_reminder"]);
    await tick(0.1);
    expect(await inbox(t, "reviewer", doc)).toEqual(["review_requested", "review_reminder"]);
    await tick(0.9);
    expect(await inbox(t, "reviewer", doc)).toEqual([
      "review_requested",
      "review_reminder",
      "review_reminder",
    ]);
    expect(await inbox(t, "admin", doc)).toEqual([]);
    expect((await round(doc)).stages[0]!.overdue).toBe(false);
    await tick(1);
    expect(await inbox(t, "admin", doc)).toEqual(["review_overdue"]);
    expect((await round(doc)).stages.map((s) => s.overdue)).toEqual([true, false]);
    const [entry] = await t.ctx.db
      .select()
      .from(activity)
      .where(and(eq(activity.documentId, doc), eq(activity.action, "Escalated: overdue")))
      .orderBy(desc(activity.id));
    expect(entry?.comment).toMatch(/Review was due on .* waiting on reviewer/);
    expect(entry?.data).toEqual({
      reason: {
        code: "overdue",
        stage: "Review",
        dueOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        waiting: expect.arrayContaining(["reviewer"]),
      },
    });
    await tick(1);
    expect(await inbox(t, "admin", doc)).toEqual(["review_overdue"]);

    // The next stage gets its own due date from the day it opens.
    expect((await approve(doc, "reviewer")).statusCode).toBe(200);
    const next = new Date(t.clock.now().getTime() + 5 * DAY).toISOString().slice(0, 10);
    expect((await round(doc)).stages[1]!.dueOn).toBe(next);
    // A new stage starts with a clean slate: the first one's escalation is not carried over.
    expect((await round(doc)).stages.map((s) => s.overdue)).toEqual([false, false]);
  });
});

describe("out of office", () => {
  it("hands a seat to the delegate only within the date range, recorded as 'X for Y'", async () => {
    const cat = await categoryWith({ stages: [stage("Review"), stage("Approval", { roles: ["Approver"] })] });
    const today = t.clock.now().toISOString().slice(0, 10);
    const day = (n: number) => new Date(t.clock.now().getTime() + n * DAY).toISOString().slice(0, 10);
    const self = await t.request("PUT", "/api/account/out-of-office", {
      as: "reviewer",
      body: { delegation: { from: today, until: today, delegateId: ids.reviewer } },
    });
    expect(self.statusCode).toBe(400);
    const set = await t.request("PUT", "/api/account/out-of-office", {
      as: "reviewer",
      body: { delegation: { from: day(1), until: day(2), delegateId: ids.reviewer2 } },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(json<{ delegateName: string }>(set).delegateName).toBe("reviewer2");

    const before = await draftIn(cat, "Before leave");
    await submit(before, [[user("reviewer")], [user("approver")]]);
    expect(seats(await round(before), 0)).toEqual([["reviewer", "Pending"]]);

    advance(DAY);
    const during = await draftIn(cat, "During leave");
    await submit(during, [[user("reviewer")], [user("approver")]]);
    const a = await round(during);
    expect(a.stages[0]!.assignees[0]).toMatchObject({ username: "reviewer2", onBehalfOf: "reviewer" });
    expect(a.activityLog.map((e) => e.comment)).toContain("reviewer2 for reviewer at Review (out of office)");
    expect(await inbox(t, "reviewer2", during)).toEqual(["review_requested"]);
    expect((await approve(during, "reviewer")).statusCode).toBe(403);
    expect((await approve(during, "reviewer2")).statusCode).toBe(200);

    // A delegate already in the round cannot take a second seat: the absent colleague keeps theirs.
    const both = await draftIn(cat, "Both picked");
    await submit(both, [[user("reviewer"), user("reviewer2")], [user("approver")]]);
    expect(seats(await round(both), 0)).toEqual([
      ["reviewer", "Pending"],
      ["reviewer2", "Pending"],
    ]);

    advance(2 * DAY);
    const after = await draftIn(cat, "After leave");
    await submit(after, [[user("reviewer")], [user("approver")]]);
    expect(seats(await round(after), 0)).toEqual([["reviewer", "Pending"]]);
  });
});
