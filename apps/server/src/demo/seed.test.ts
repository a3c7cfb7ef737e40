import type {
  AcknowledgementReport,
  AcknowledgementState,
  ApprovalListItem,
  ApprovalStats,
  Category,
  CategoryAccess,
  CategoryStats,
  DashboardInsights,
  Document,
  DocumentStats,
  Group,
  ReviewDueItem,
  ToAcknowledgeList,
  User,
  Version,
} from "@quire/contracts";
import { and, count, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bootstrap } from "../bootstrap/bootstrap";
import { documents, systemState, versions } from "../db/schema";
import { appForFile } from "../../test/support/app-for-file";
import { createTestApp, json } from "../../test/support/harness";
import { DEMO_GROUPS } from "./access";
import { DEMO_CAMPAIGN } from "./acknowledgements";
import { loadDemoManifest, seedDemoDocuments, type DemoManifest } from "./seed";
import { DEMO_TEMPLATE, DEMO_TEMPLATE_CATEGORY, DEMO_TEMPLATE_DOCUMENT } from "./template-round";

const t = appForFile({ seeders: [seedDemoDocuments] });
let manifest: DemoManifest;
let listed: Document[];
beforeAll(async () => {
  manifest = await loadDemoManifest();
  listed = json<Document[]>(await t.request("GET", "/api/documents?pageSize=500", { as: "admin" }));
});

async function counts() {
  const [[d], [v]] = await Promise.all([
    t.ctx.db.select({ n: count() }).from(documents),
    t.ctx.db.select({ n: count() }).from(versions),
  ]);
  return { documents: d?.n, versions: v?.n };
}

describe("demo documents", () => {
  it("seeds every manifest document and the template round's, visible to admin", () => {
    expect(listed.length).toBeGreaterThanOrEqual(25);
    expect(listed.map((d) => d.title).sort()).toEqual(
      [...manifest.map((d) => d.title), DEMO_TEMPLATE_DOCUMENT].sort(),
    );
  });

  it("gives each document its owner, tags, status and every version", () => {
    for (const entry of manifest) {
      const doc = listed.find((d) => d.title === entry.title);
      expect(doc, entry.title).toBeDefined();
      expect(doc).toMatchObject({
        owner: entry.owner,
        status: entry.status,
        tags: entry.tags,
        versionCount: entry.versions.length,
        currentVersionNumber: entry.versions.length,
        category: { name: entry.category },
        mediaType: "text/markdown",
      });
    }
    expect(manifest.filter((d) => d.versions.length > 1).length).toBeGreaterThanOrEqual(3);
  });

  it("backdates versions with their change notes and dates the document by its last version", async () => {
    const entry = manifest.find((d) => d.versions.length >= 3)!;
    const doc = listed.find((d) => d.title === entry.title)!;
    const history = json<Version[]>(
      await t.request("GET", `/api/documents/${doc.id}/versions`, { as: "admin" }),
    );
    const now = t.clock.now().getTime();
    const daysAgo = (iso: string) => Math.round((now - new Date(iso).getTime()) / 86_400_000);
    const byNumber = [...history].sort((a, b) => a.version - b.version);
    expect(byNumber.map((v) => daysAgo(v.createdAt))).toEqual(entry.versions.map((v) => v.daysAgo));
    expect(byNumber.map((v) => v.changeNote)).toEqual(entry.versions.map((v) => v.changeNote));
    // The last change is the last version or, after it, the last step of its review round.
    expect(daysAgo(doc.updatedAt)).toBeLessThanOrEqual(entry.versions.at(-1)!.daysAgo);
    expect(new Date(doc.updatedAt).getTime()).toBeLessThan(now);
    expect(doc.currentVersion.content.length).toBeGreaterThan(200);
  });

  it("fills all six categories", async () => {
    const stats = json<CategoryStats[]>(await t.request("GET", "/api/categories/stats", { as: "admin" }));
    expect(stats).toHaveLength(6);
    for (const category of stats) {
      const templateRound = category.name === DEMO_TEMPLATE_CATEGORY ? 1 : 0;
      expect(category.count, category.name).toBe(
        manifest.filter((d) => d.category === category.name).length + templateRound,
      );
      expect(category.count, category.name).toBeGreaterThan(0);
      expect(category.lastUpdated).not.toBeNull();
    }
  });

  it("keeps drafts private to their owner", async () => {
    const draft = manifest.find((d) => d.status === "Draft");
    if (!draft) return;
    const asViewer = json<Document[]>(
      await t.request("GET", "/api/documents?pageSize=500", { as: "viewer" }),
    );
    expect(asViewer.map((d) => d.title)).not.toContain(draft.title);
  });

  it("adds nothing when bootstrap runs again, or when the seeder itself runs again", async () => {
    const before = await counts();
    expect(await bootstrap(t.ctx, [seedDemoDocuments])).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
    // Even without bootstrap's marker, a second pass finds every document already there.
    await t.ctx.db.delete(systemState);
    expect(await bootstrap(t.ctx, [seedDemoDocuments])).toEqual({ seeded: true });
    expect(await counts()).toEqual(before);
  });

  it("with DEMO_DOCUMENTS=false seeds the demo people on an empty archive", async () => {
    const bare = await createTestApp({ env: { DEMO_DOCUMENTS: "false" }, seeders: [seedDemoDocuments] });
    try {
      expect(json<Document[]>(await bare.request("GET", "/api/documents", { as: "admin" }))).toEqual([]);
      const me = await bare.request("GET", "/api/auth/user", { as: "author" });
      expect(me.statusCode).toBe(200);
      expect(json<{ username: string }>(me).username).toBe("author");
    } finally {
      await bare.close();
    }
  });
});

describe("demo groups and category access", () => {
  it("seeds the teams with members and gives them edit where everyone views", async () => {
    const groups = json<Group[]>(await t.request("GET", "/api/groups", { as: "admin" }));
    const users = json<User[]>(await t.request("GET", "/api/users", { as: "admin" }));
    const nameOf = new Map(users.map((u) => [u.id, u.username]));
    expect(groups.map((g) => [g.name, (g.memberIds ?? []).map((id) => nameOf.get(id)).sort()])).toEqual(
      [...DEMO_GROUPS]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((g) => [g.name, [...g.members].sort()]),
    );
    const categories = json<Category[]>(await t.request("GET", "/api/categories", { as: "admin" }));
    const hr = categories.find((c) => c.name === "Human Resources")!;
    const access = json<CategoryAccess>(
      await t.request("GET", `/api/categories/${hr.id}/access`, { as: "admin" }),
    );
    expect(access).toEqual({
      categoryId: hr.id,
      everyone: "view",
      groups: [{ groupId: groups.find((g) => g.name === "HR team")!.id, access: "edit" }],
    });
    // Setting up the demo is Quire's work: the audit names it, not the demo Admin.
    const trail = json<{ items: Array<{ action: string; username: string | null; system?: boolean }> }>(
      await t.request("GET", "/api/activity?pageSize=200&actor=system", { as: "admin" }),
    );
    const setUp = trail.items.filter((e) => ["Created group", "Changed category access"].includes(e.action));
    const categoriesSetUp = new Set(DEMO_GROUPS.flatMap((g) => g.categories.map((c) => c.category)));
    expect(setUp).toHaveLength(DEMO_GROUPS.length + categoriesSetUp.size);
    expect(setUp.every((e) => e.username === "Quire" && e.system === true)).toBe(true);
  });

  it("leaves every demo role seeing what it saw before (everyone keeps view)", async () => {
    // The template round's document is in review, so published like the manifest's.
    const published = [
      ...manifest.filter((d) => d.status !== "Draft").map((d) => d.title),
      DEMO_TEMPLATE_DOCUMENT,
    ].sort();
    const asViewer = json<Document[]>(
      await t.request("GET", "/api/documents?pageSize=500", { as: "viewer" }),
    );
    expect(asViewer.map((d) => d.title).sort()).toEqual(published);
  });

  it("gives every demo user Home and Dashboard figures that count exactly the documents they can list", async () => {
    const names = new Map(
      json<Category[]>(await t.request("GET", "/api/categories", { as: "admin" })).map((c) => [c.id, c.name]),
    );
    const tally = (keys: string[]) => {
      const counted = new Map<string, number>();
      for (const key of keys) counted.set(key, (counted.get(key) ?? 0) + 1);
      return Object.fromEntries([...counted].sort(([a], [b]) => a.localeCompare(b)));
    };
    const byName = (rows: Array<{ name: string; count: number }>) =>
      Object.fromEntries(
        rows
          .filter((r) => r.count > 0)
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((r) => [r.name, r.count]),
      );
    for (const as of ["admin", "author", "reviewer", "reviewer2", "approver", "viewer"]) {
      const res = await t.request("GET", "/api/documents?pageSize=500", { as });
      const listed = json<Document[]>(res);
      const stats = json<DocumentStats>(await t.request("GET", "/api/documents/stats", { as }));
      const insights = json<DashboardInsights>(await t.request("GET", "/api/dashboard/insights", { as }));
      const tiles = json<CategoryStats[]>(await t.request("GET", "/api/categories/stats", { as }));
      const approved = await t.request("GET", "/api/documents?status=Approved&pageSize=1", { as });
      const byCategory = tally(listed.map((d) => names.get(d.categoryId)!));
      expect({
        as,
        header: Number(res.headers["x-total-count"]),
        stats: stats.total,
        dashboard: insights.total,
        drafts: insights.drafts,
        approved: Number(approved.headers["x-total-count"]),
        tiles: byName(tiles),
        chart: byName(insights.byCategory),
        statuses: byName(insights.byStatus),
      }).toEqual({
        as,
        header: listed.length,
        stats: listed.length,
        dashboard: listed.length,
        drafts: listed.filter((d) => d.status === "Draft").length,
        approved: listed.filter((d) => d.status === "Approved").length,
        tiles: byCategory,
        chart: byCategory,
        statuses: tally(listed.map((d) => d.status)),
      });
    }
  });
});

describe("demo workflow, run through the approvals service", () => {
  const stageFor: Record<string, string[]> = {
    Approved: ["Approved"],
    Rejected: ["Rejected"],
    "Changes Requested": ["Changes Requested"],
    "In Review": ["Awaiting Review", "Awaiting Approval"],
  };

  it("gives every submitted document a round on its current version that agrees with its status", async () => {
    const now = t.clock.now().getTime();
    for (const entry of manifest.filter((d) => d.status !== "Draft")) {
      const doc = listed.find((d) => d.title === entry.title)!;
      const res = await t.request("GET", `/api/documents/${doc.id}/approval`, { as: "admin" });
      expect(res.statusCode, entry.title).toBe(200);
      const round = json<ApprovalListItem>(res);
      expect(stageFor[entry.status], entry.title).toContain(round.stage);
      expect(round.version, entry.title).toBe(entry.versions.length);
      expect(round.round, entry.title).toBe(entry.versions.length);
      const times = round.activityLog.map((e) => new Date(e.timestamp).getTime());
      expect(times, entry.title).toEqual([...times].sort((a, b) => a - b));
      expect(Math.max(...times), entry.title).toBeLessThan(now);
      if (entry.reason) expect(round.activityLog.at(-1)?.comment, entry.title).toBe(entry.reason);
    }
    const drafts = listed.filter((d) => d.status === "Draft");
    for (const doc of drafts)
      expect((await t.request("GET", `/api/documents/${doc.id}/approval`, { as: "admin" })).statusCode).toBe(
        404,
      );
  });

  it("seeds document control: a periodic review due, a lapsed one, and an approved document under revision", async () => {
    const due = json<{ items: ReviewDueItem[] }>(
      await t.request("GET", "/api/dashboard/periodic-reviews", { as: "admin" }),
    ).items;
    const expected = manifest.filter((d) => d.periodicReview);
    expect(expected).toHaveLength(2);
    expect(due.map((i) => [i.title, i.state]).sort()).toEqual([
      ["Business Continuity Plan", "overdue"],
      ["Information Security Policy", "due"],
    ]);
    const revising = (
      await t.ctx.db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.status, "In Review"), isNotNull(documents.effectiveVersion)))
    ).map((r) => r.id);
    expect(revising.length).toBeGreaterThan(0);
    const seen = json<Document>(await t.request("GET", `/api/documents/${revising[0]}`, { as: "viewer" }));
    expect(seen.control).toMatchObject({ readingEffective: true, revision: { status: "In Review" } });
  });

  it("seeds an open read-and-acknowledge campaign that one colleague has confirmed", async () => {
    const doc = listed.find((d) => d.title === DEMO_CAMPAIGN.title)!;
    const state = json<AcknowledgementState>(
      await t.request("GET", `/api/documents/${doc.id}/acknowledgement`, { as: DEMO_CAMPAIGN.owner }),
    );
    expect(state.campaign).toMatchObject({ version: doc.versionCount, everyone: true, closedAt: null });
    const report = json<AcknowledgementReport>(
      await t.request("GET", `/api/documents/${doc.id}/acknowledgement/report`, { as: DEMO_CAMPAIGN.owner }),
    );
    expect(report.acknowledged.map((a) => a.name)).toEqual([...DEMO_CAMPAIGN.acknowledgedBy]);
    // Everyone else who can read it is still asked, the Viewer among them, and sees it in their list.
    expect(report.pending.map((p) => p.name)).toContain("viewer");
    expect(state.counts).toEqual(report.counts);
    const viewer = json<ToAcknowledgeList>(
      await t.request("GET", "/api/acknowledgements/mine", { as: "viewer" }),
    );
    expect(viewer.items.map((i) => i.title)).toEqual([DEMO_CAMPAIGN.title]);
  });

  it("counts the same rounds in the stats, the queues and the notifications", async () => {
    const stats = json<ApprovalStats>(await t.request("GET", "/api/approvals/stats", { as: "admin" }));
    // The manifest's rounds, and the one running under the three-stage template.
    const submitted = manifest.filter((d) => d.status !== "Draft");
    expect(stats.total).toBe(submitted.length + 1);
    expect(stats.pending).toBe(manifest.filter((d) => d.status === "In Review").length + 1);
    expect(stats.approved).toBe(manifest.filter((d) => d.status === "Approved").length);
    const waiting = async (as: string, ability: "review" | "decide") =>
      json<ApprovalListItem[]>(await t.request("GET", "/api/approvals", { as })).filter(
        (a) => a.abilities[ability],
      );
    // Open rounds have none, one and both reviews in: each reviewer and the approver has work.
    expect((await waiting("reviewer", "review")).length).toBeGreaterThan(0);
    expect((await waiting("reviewer2", "review")).length).toBeGreaterThan(0);
    expect((await waiting("approver", "decide")).length).toBe(1);
    // "Waiting on you" is counted by the server with the same rules as each round's abilities.
    const pairs = [
      ["reviewer", "review"],
      ["reviewer2", "review"],
      ["approver", "decide"],
      ["author", "decide"],
    ] as const;
    for (const [as, ability] of pairs) {
      const mine = json<ApprovalStats>(await t.request("GET", "/api/approvals/stats", { as }));
      expect(mine.waitingOnYou, as).toBe((await waiting(as, ability)).length);
    }
    // The documents list counts the same In Review documents as the stats' pending rounds (an
    // Admin's: a Viewer reads a revision in review's effective version, which is Approved for them).
    const inReview = await t.request("GET", "/api/documents?status=In%20Review&pageSize=1", { as: "admin" });
    expect(Number(inReview.headers["x-total-count"])).toBe(stats.pending);
    const revising = (
      await t.ctx.db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.status, "In Review"), isNotNull(documents.effectiveVersion)))
    ).length;
    expect(revising).toBeGreaterThan(0);
    const viewerInReview = await t.request("GET", "/api/documents?status=In%20Review&pageSize=1", {
      as: "viewer",
    });
    expect(Number(viewerInReview.headers["x-total-count"])).toBe(stats.pending - revising);
    const notes = json<Array<{ kind: string; body: string; read: boolean }>>(
      await t.request("GET", "/api/notifications", { as: "author" }),
    );
    const asked = manifest.find((d) => d.status === "Changes Requested")!;
    expect(notes.find((n) => n.kind === "changes_requested" && n.body.includes(asked.reason!))).toBeDefined();
    const requests = json<Array<{ kind: string; read: boolean }>>(
      await t.request("GET", "/api/notifications", { as: "reviewer2" }),
    ).filter((n) => n.kind === "review_requested");
    expect(requests.length).toBeGreaterThan(manifest.filter((d) => d.status === "In Review").length);
  });
});

describe("demo approval template, set and followed through the services", () => {
  it("gives one category a three-stage template and runs a round under it: the first stage passed, the second waiting", async () => {
    const categories = json<Category[]>(await t.request("GET", "/api/categories", { as: "admin" }));
    const category = categories.find((c) => c.name === DEMO_TEMPLATE_CATEGORY)!;
    const template = json<{ custom: boolean; template: { stages: Array<{ name: string }> } }>(
      await t.request("GET", `/api/categories/${category.id}/approval-template`, { as: "admin" }),
    );
    expect(template.custom).toBe(true);
    expect(template.template.stages.map((s) => s.name)).toEqual(DEMO_TEMPLATE.stages.map((s) => s.name));
    expect(template.template.stages).toHaveLength(3);

    const doc = listed.find((d) => d.title === DEMO_TEMPLATE_DOCUMENT)!;
    expect(doc).toMatchObject({
      status: "In Review",
      owner: "author",
      category: { name: DEMO_TEMPLATE_CATEGORY },
    });
    const round = json<ApprovalListItem>(
      await t.request("GET", `/api/documents/${doc.id}/approval`, { as: "admin" }),
    );
    expect(round.stage).toBe("Awaiting Review");
    expect(round.step).toBe(1);
    expect(round.stages.map((s) => [s.name, s.state, s.assignees.map((a) => a.username)])).toEqual([
      ["HR review", "Passed", ["reviewer"]],
      ["Legal review", "Open", ["reviewer2"]],
      ["Sign-off", "Waiting", ["approver"]],
    ]);
    expect(round.stages[1]!.dueOn).not.toBeNull();
    const waitingOn = async (as: string) =>
      json<ApprovalListItem[]>(await t.request("GET", "/api/approvals", { as })).some(
        (a) => a.documentId === doc.id && a.abilities.review,
      );
    expect(await waitingOn("reviewer2")).toBe(true);
    expect(await waitingOn("reviewer")).toBe(false);
  });
});
