import { createHash } from "node:crypto";
import type {
  AcknowledgeResult,
  AcknowledgementReport,
  AcknowledgementState,
  Notification,
  ToAcknowledgeList,
  Version,
} from "@quire/contracts";
import { ACKNOWLEDGEMENT_REMINDER_DAYS } from "@quire/contracts";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { acknowledgements, activity } from "../../db/schema";
import { json } from "../../../test/support/harness";
import {
  approveThrough as approveDoc,
  revise as reviseDoc,
  uploadMarkdown,
} from "../../../test/support/control-helpers";
import { demoAppForFile } from "../../../test/support/review-helpers";

/**
 * Read-and-acknowledge through the API: a campaign on the effective version, who may start it and
 * who may confirm, the append-only records, the owner's report and CSV, a newer effective version
 * carrying the campaign forward, and reminders on the test clock.
 */
const { t, ids } = demoAppForFile();
const DAY = 24 * 60 * 60_000;

let made = 0;
async function category(): Promise<string> {
  made += 1;
  const res = await t.request("POST", "/api/categories", {
    as: "admin",
    body: { name: `Acknowledged ${made}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: string }>(res).id;
}

async function group(name: string, members: string[]): Promise<string> {
  const res = await t.request("POST", "/api/groups", {
    as: "admin",
    body: { name, memberIds: members.map((m) => ids[m]) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: string }>(res).id;
}

const upload = async (title: string, text: string) => uploadMarkdown(t, await category(), title, text);
const approveThrough = (doc: string) => approveDoc(t, ids, doc);
const revise = (doc: string, content: string, expectedVersion: number) =>
  reviseDoc(t, doc, content, expectedVersion);

const state = async (doc: string, as: string) => {
  const res = await t.request("GET", `/api/documents/${doc}/acknowledgement`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return json<AcknowledgementState>(res);
};
const report = async (doc: string) => {
  const res = await t.request("GET", `/api/documents/${doc}/acknowledgement/report`, { as: "author" });
  expect(res.statusCode, res.body).toBe(200);
  return json<AcknowledgementReport>(res);
};
const ack = (doc: string, as: string, version: number) =>
  t.request("POST", `/api/documents/${doc}/acknowledgement/acknowledge`, { as, body: { version } });
const mine = async (as: string) =>
  json<ToAcknowledgeList>(await t.request("GET", "/api/acknowledgements/mine", { as }));
const asked = async (as: string, doc: string, kind: string) =>
  json<Notification[]>(await t.request("GET", "/api/notifications", { as })).filter(
    (n) => n.documentId === doc && n.kind === kind,
  ).length;
const rowsFor = async (doc: string) =>
  (
    await t.ctx.db.select({ n: count() }).from(acknowledgements).where(eq(acknowledgements.documentId, doc))
  )[0]?.n;

const V1 =
  "# Forklift Safety SOP\n\nWear the high-visibility vest and sound the horn at every blind corner.\n";
const V2 =
  "# Forklift Safety SOP\n\nWear the high-visibility vest, sound the horn and stop at every blind corner.\n";

describe("a read-and-acknowledge campaign", () => {
  it("is started by the owner on the effective version, confirmed once by those it asks, reported by name", async () => {
    const doc = await upload("Forklift Safety SOP", V1);
    const warehouse = await group("Warehouse", ["viewer", "reviewer"]);

    // No approved version yet: nothing to acknowledge.
    const early = await t.request("POST", `/api/documents/${doc}/acknowledgement`, {
      as: "author",
      body: { groupIds: [warehouse] },
    });
    expect(early.statusCode).toBe(409);
    expect(json<{ message: string }>(early).message).toMatch(/no effective version/);

    await approveThrough(doc);
    const start = (as: string, body: unknown) =>
      t.request("POST", `/api/documents/${doc}/acknowledgement`, { as, body });
    expect((await start("viewer", { groupIds: [warehouse] })).statusCode).toBe(403);
    expect((await start("author", {})).statusCode).toBe(400);
    const unknown = await start("author", { groupIds: ["no-such-group"] });
    expect(unknown.statusCode).toBe(400);
    expect(json<{ message: string }>(unknown).message).toMatch(/no-such-group/);
    expect(await rowsFor(doc)).toBe(0);

    t.clock.advance(1000);
    const started = await start("author", { groupIds: [warehouse] });
    expect(started.statusCode, started.body).toBe(201);
    const opened = json<AcknowledgementState>(started);
    expect(opened).toMatchObject({
      campaign: {
        version: 1,
        everyone: false,
        groups: [{ id: warehouse, name: "Warehouse" }],
        startedBy: "author",
      },
      counts: { acknowledged: 0, pending: 2 },
      abilities: { start: false, report: true },
    });
    const v1 = json<Version>(await t.request("GET", `/api/documents/${doc}/versions/1`, { as: "author" }));
    expect(opened.campaign?.markdownSha256).toBe(createHash("sha256").update(v1.content).digest("hex"));
    expect((await start("author", { everyone: true })).statusCode).toBe(409);
    expect(await asked("viewer", doc, "acknowledgement_requested")).toBe(1);
    expect(await asked("reviewer2", doc, "acknowledgement_requested")).toBe(0);

    // Someone outside the audience can read it but is not asked, and is refused plainly.
    expect(await state(doc, "reviewer2")).toMatchObject({
      asked: false,
      counts: null,
      abilities: { acknowledge: false },
    });
    const outsider = await ack(doc, "reviewer2", 1);
    expect(outsider.statusCode).toBe(403);
    expect(json<{ message: string }>(outsider).message).toMatch(/not among the people this campaign asks/);

    // A member confirms the effective version, once.
    expect(await state(doc, "viewer")).toMatchObject({
      asked: true,
      acknowledgedAt: null,
      abilities: { acknowledge: true },
    });
    expect((await mine("viewer")).items.map((i) => i.documentId)).toContain(doc);
    expect((await ack(doc, "viewer", 2)).statusCode).toBe(409);
    t.clock.advance(1000);
    const first = await ack(doc, "viewer", 1);
    expect(first.statusCode, first.body).toBe(201);
    const given = json<AcknowledgeResult>(first);
    expect(given).toMatchObject({
      alreadyAcknowledged: false,
      acknowledgement: { name: "viewer", version: 1, acknowledgedAt: t.clock.now().toISOString() },
    });
    t.clock.advance(1000);
    const again = await ack(doc, "viewer", 1);
    expect(again.statusCode).toBe(200);
    expect(json<AcknowledgeResult>(again)).toEqual({ ...given, alreadyAcknowledged: true });
    expect(await rowsFor(doc)).toBe(1);
    // The request is answered: the bell no longer counts it.
    const requests = json<Notification[]>(
      await t.request("GET", "/api/notifications", { as: "viewer" }),
    ).filter((n) => n.documentId === doc && n.kind === "acknowledgement_requested");
    expect(requests.map((n) => n.read)).toEqual([true]);
    expect(await state(doc, "viewer")).toMatchObject({
      asked: true,
      acknowledgedAt: given.acknowledgement.acknowledgedAt,
      abilities: { acknowledge: false },
    });
    expect((await mine("viewer")).items.map((i) => i.documentId)).not.toContain(doc);

    // The owner's report names who confirmed and who has not; its counts agree with the state and lists.
    const seen = await report(doc);
    expect(seen.acknowledged).toEqual([given.acknowledgement]);
    expect(seen.pending).toEqual([{ name: "reviewer" }]);
    expect(seen.counts).toEqual({ acknowledged: 1, pending: 1 });
    expect((await state(doc, "author")).counts).toEqual(seen.counts);
    const waiting = await mine("reviewer");
    expect(waiting.items.filter((i) => i.documentId === doc)).toEqual([
      { documentId: doc, title: "Forklift Safety SOP", version: 1, startedAt: opened.campaign!.startedAt },
    ]);
    expect(waiting.count).toBe(waiting.items.length);
    for (const as of ["viewer", "reviewer"]) {
      expect(
        (await t.request("GET", `/api/documents/${doc}/acknowledgement/report`, { as })).statusCode,
      ).toBe(403);
      expect(
        (await t.request("GET", `/api/documents/${doc}/acknowledgement/report.csv`, { as })).statusCode,
      ).toBe(403);
    }
    const [entry] = await t.ctx.db
      .select()
      .from(activity)
      .where(and(eq(activity.documentId, doc), eq(activity.action, "Acknowledged")));
    expect(entry).toMatchObject({ userId: ids.viewer, data: { version: 1 } });

    // The CSV is the training record: names, version, hashes and UTC time.
    const csv = await t.request("GET", `/api/documents/${doc}/acknowledgement/report.csv`, { as: "author" });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toContain("Forklift_Safety_SOP_acknowledgements_v1.csv");
    const lines = csv.body.trim().split("\n");
    expect(lines[0]).toBe("name,document,version,status,acknowledged_at_utc,original_sha256,markdown_sha256");
    expect(lines[1]).toBe(
      `viewer,Forklift Safety SOP,1,acknowledged,${given.acknowledgement.acknowledgedAt},${given.acknowledgement.originalSha256},${given.acknowledgement.markdownSha256}`,
    );
    expect(lines[2]).toBe("reviewer,Forklift Safety SOP,1,not acknowledged,,,");
    expect(lines).toHaveLength(3);
  }, 120_000);

  it("keeps acknowledgments append-only: the database refuses to change or delete one", async () => {
    const doc = await upload("Ladder Safety SOP", V1.replace("Forklift", "Ladder"));
    await approveThrough(doc);
    const started = await t.request("POST", `/api/documents/${doc}/acknowledgement`, {
      as: "author",
      body: { everyone: true },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect((await ack(doc, "viewer", 1)).statusCode).toBe(201);
    await expect(
      t.ctx.db.update(acknowledgements).set({ version: 9 }).where(eq(acknowledgements.documentId, doc)),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.delete(acknowledgements).where(eq(acknowledgements.documentId, doc)),
    ).rejects.toThrow();
    expect(await rowsFor(doc)).toBe(1);
    // Everyone who can read it is asked: every demo user here, the owner included.
    const counts = (await state(doc, "admin")).counts!;
    expect(counts.acknowledged).toBe(1);
    expect(counts.pending).toBeGreaterThanOrEqual(5);
  });

  it("closes when a newer version becomes effective and opens again for the same audience", async () => {
    const doc = await upload("Pallet Racking SOP", V1.replace("Forklift", "Pallet Racking"));
    const crew = await group("Racking crew", ["viewer", "reviewer2"]);
    await approveThrough(doc);
    const started = await t.request("POST", `/api/documents/${doc}/acknowledgement`, {
      as: "author",
      body: { groupIds: [crew] },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect((await ack(doc, "viewer", 1)).statusCode).toBe(201);

    await revise(doc, V2.replace("Forklift", "Pallet Racking"), 1);
    // While version 2 is a revision, version 1's campaign stays open.
    expect((await state(doc, "reviewer2")).campaign?.version).toBe(1);
    await approveThrough(doc);

    const next = await state(doc, "author");
    expect(next).toMatchObject({
      campaign: {
        version: 2,
        closedAt: null,
        groups: [{ id: crew, name: "Racking crew" }],
        startedBy: "Quire",
      },
      counts: { acknowledged: 0, pending: 2 },
    });
    const viewer = await state(doc, "viewer");
    expect(viewer).toMatchObject({ asked: true, acknowledgedAt: null, campaign: { version: 2 } });
    const stale = await ack(doc, "viewer", 1);
    expect(stale.statusCode).toBe(409);
    expect(json<{ message: string }>(stale).message).toMatch(/version 2 is the effective one/);
    expect(await asked("viewer", doc, "acknowledgement_requested")).toBe(2);
    expect((await ack(doc, "viewer", 2)).statusCode).toBe(201);
    // Both records stand: version 1's and version 2's.
    expect(await rowsFor(doc)).toBe(2);
    const closed = await t.ctx.db
      .select({ action: activity.action, data: activity.data, system: activity.systemActor })
      .from(activity)
      .where(and(eq(activity.documentId, doc), eq(activity.action, "Closed acknowledgement campaign")));
    expect(closed).toEqual([
      {
        action: "Closed acknowledgement campaign",
        data: { version: 1, supersededByVersion: 2 },
        system: true,
      },
    ]);
  }, 120_000);

  it("reminds those who have not acknowledged on the test clock, once per interval", async () => {
    await tick(0);
    const doc = await upload("Lockout Tagout SOP", V1.replace("Forklift", "Lockout Tagout"));
    const shift = await group("Night shift", ["viewer", "reviewer"]);
    await approveThrough(doc);
    const started = await t.request("POST", `/api/documents/${doc}/acknowledgement`, {
      as: "author",
      body: { groupIds: [shift] },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect((await ack(doc, "viewer", 1)).statusCode).toBe(201);

    await tick(ACKNOWLEDGEMENT_REMINDER_DAYS - 1);
    expect(await asked("reviewer", doc, "acknowledgement_reminder")).toBe(0);
    expect(await tick(1)).toContain("acknowledgement-reminders");
    expect(await asked("reviewer", doc, "acknowledgement_reminder")).toBe(1);
    expect(await asked("viewer", doc, "acknowledgement_reminder")).toBe(0);
    await tick(1);
    expect(await asked("reviewer", doc, "acknowledgement_reminder")).toBe(1);
    await tick(ACKNOWLEDGEMENT_REMINDER_DAYS);
    expect(await asked("reviewer", doc, "acknowledgement_reminder")).toBe(2);

    // Once everyone asked has confirmed, nobody is reminded.
    expect((await ack(doc, "reviewer", 1)).statusCode).toBe(201);
    await tick(ACKNOWLEDGEMENT_REMINDER_DAYS + 1);
    expect(await asked("reviewer", doc, "acknowledgement_reminder")).toBe(2);
  }, 120_000);
});

async function tick(days: number): Promise<string[]> {
  t.clock.advance(days * DAY);
  t.forgetSessions();
  const fired = await t.runner.fireSchedules();
  await t.runner.runUntilIdle();
  return fired;
}
