import { randomUUID } from "node:crypto";
import { roles, type Role } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, gt, max } from "drizzle-orm";
import { activity, documents } from "../db/schema";
import { createTestApp, json, multipart, type TestApp } from "../test/harness";
import { demoUserIds, uploadDraft } from "../modules/approvals/test-helpers";

let t: TestApp;
let userIds: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  userIds = await demoUserIds(t);
});
afterAll(async () => t.close());

const demoUserOf: Record<Role, string> = {
  Admin: "admin",
  Author: "author",
  Reviewer: "reviewer",
  Approver: "approver",
  Viewer: "viewer",
};

interface MatrixEntry {
  method: string;
  /** The route as registered, e.g. /api/categories/:id */
  route: string;
  /** Roles that may act; every other role gets 403 (or 404 where existence is hidden). */
  allowed: readonly Role[] | "all";
  /** Builds a fresh, valid request for one attempt (a new target each time, so attempts do not interfere). */
  prepare?: (t: TestApp) => Promise<{ url?: string; body?: unknown; headers?: Record<string, string> }>;
  /** Expected success status. */
  ok?: number;
  /** What a role outside `allowed` gets: 403, or 404 where the target is hidden from it. */
  denied?: 403 | 404;
  /** An event stream never ends: read its status from a streamed response, then hang up. */
  stream?: boolean;
  /** A POST that computes and changes nothing (a question, a suggestion, a recomputed cache): no activity entry. */
  readOnly?: boolean;
  /** A GET an auditor needs (opening a document, downloading it): its first success writes this entry. */
  recordsRead?: string;
}

const ALL = "all" as const;
const freshCategory = async (t: TestApp) => {
  const res = await t.request("POST", "/api/categories", {
    as: "admin",
    body: { name: `Temp ${randomUUID()}` },
  });
  return json<{ id: string }>(res).id;
};
const freshUser = async (t: TestApp) => {
  const res = await t.request("POST", "/api/users", {
    as: "admin",
    body: { username: `u${randomUUID().slice(0, 8)}`, role: "Viewer" },
  });
  return json<{ id: string }>(res).id;
};

const uploadBody = async (t: TestApp) => {
  const categories = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }));
  return multipart(
    { categoryId: categories[0]!.id, title: "Matrix document", allowDuplicate: "true" },
    { name: "matrix.md", bytes: Buffer.from("# Matrix\n\nBody text.\n") },
  );
};
/** An Approved document owned by the demo author: visible to every role, changeable by its owner and Admin. */
const freshDocument = async (t: TestApp, opts: { archived?: boolean; failed?: boolean } = {}) => {
  const { body, headers } = await uploadBody(t);
  const id = json<{ id: string }>(
    await t.request("POST", "/api/documents/upload", { as: "author", body, headers }),
  ).id;
  await t.ctx.db
    .update(documents)
    .set({
      status: "Approved",
      ...(opts.archived ? { archivedAt: t.clock.now() } : {}),
      ...(opts.failed ? { processingState: "failed", processingError: "matrix" } : {}),
    })
    .where(eq(documents.id, id));
  return id;
};
const OWNER_OR_ADMIN: Role[] = ["Admin", "Author"];

/** A document In Review (visible to every role): reviewer has approved, reviewer2 is still pending. */
const inReview = async (t: TestApp) => {
  const ids = await demoUserIds(t);
  const doc = await uploadDraft(t, "author", `Matrix ${randomUUID()}`);
  await t.request("POST", `/api/documents/${doc}/submit-review`, {
    as: "author",
    body: { reviewers: [ids.reviewer, ids.reviewer2], approverId: ids.approver },
  });
  await t.request("PATCH", `/api/documents/${doc}/approval`, {
    as: "reviewer",
    body: { status: "Approved" },
  });
  return doc;
};

/** Every non-public API route, with who may call it. The last test proves nothing is left out. */
const matrix: MatrixEntry[] = [
  { method: "GET", route: "/api/auth/user", allowed: ALL },
  { method: "GET", route: "/api/auth/views", allowed: ALL },
  { method: "PUT", route: "/api/auth/views", allowed: ALL, prepare: async () => ({ body: [] }) },
  { method: "GET", route: "/api/docs", allowed: ALL },
  { method: "GET", route: "/api/docs/json", allowed: ALL },
  { method: "GET", route: "/api/docs/yaml", allowed: ALL },
  { method: "GET", route: "/api/admin/backup", allowed: ["Admin"], stream: true },
  { method: "GET", route: "/api/events", allowed: ALL, stream: true },
  { method: "POST", route: "/api/auth/logout", allowed: ALL, ok: 204 },
  {
    method: "POST",
    route: "/api/auth/demo-role",
    allowed: ALL,
    prepare: async () => ({ body: { role: "Viewer" } }),
  },
  {
    method: "POST",
    route: "/api/auth/password",
    allowed: ALL,
    ok: 400,
    prepare: async () => ({
      body: { currentPassword: "wrong-on-purpose", newPassword: "long-enough-password" },
    }),
  },
  { method: "GET", route: "/api/auth/tokens", allowed: ALL },
  {
    method: "POST",
    route: "/api/auth/tokens",
    allowed: ALL,
    ok: 201,
    prepare: async () => ({ body: { name: "matrix" } }),
  },
  // Revoking someone else's token or a made-up id is "not found" for everyone.
  {
    method: "DELETE",
    route: "/api/auth/tokens/:id",
    allowed: ALL,
    ok: 404,
    prepare: async () => ({ url: `/api/auth/tokens/${randomUUID()}` }),
  },
  { method: "GET", route: "/api/users", allowed: ALL },
  {
    method: "POST",
    route: "/api/users",
    allowed: ["Admin"],
    ok: 201,
    prepare: async () => ({ body: { username: `m${randomUUID().slice(0, 8)}`, role: "Viewer" } }),
  },
  {
    method: "PATCH",
    route: "/api/users/:id",
    allowed: ["Admin"],
    prepare: async (t) => ({ url: `/api/users/${await freshUser(t)}`, body: { role: "Author" } }),
  },
  { method: "GET", route: "/api/categories", allowed: ALL },
  { method: "GET", route: "/api/categories/stats", allowed: ALL },
  {
    method: "GET",
    route: "/api/categories/:id",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/categories/${await freshCategory(t)}` }),
  },
  {
    method: "POST",
    route: "/api/categories",
    allowed: ["Admin"],
    ok: 201,
    prepare: async () => ({ body: { name: `Matrix ${randomUUID()}`, color: "blue" } }),
  },
  {
    method: "PATCH",
    route: "/api/categories/:id",
    allowed: ["Admin"],
    prepare: async (t) => ({
      url: `/api/categories/${await freshCategory(t)}`,
      body: { description: "changed" },
    }),
  },
  {
    method: "DELETE",
    route: "/api/categories/:id",
    allowed: ["Admin"],
    ok: 204,
    prepare: async (t) => ({ url: `/api/categories/${await freshCategory(t)}` }),
  },
  { method: "GET", route: "/api/documents", allowed: ALL },
  { method: "GET", route: "/api/documents/recent", allowed: ALL },
  { method: "GET", route: "/api/documents/stats", allowed: ALL },
  {
    method: "GET",
    route: "/api/documents/category/:categoryId",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/category/${await freshCategory(t)}` }),
  },
  { method: "POST", route: "/api/documents/upload", allowed: OWNER_OR_ADMIN, ok: 201, prepare: uploadBody },
  {
    method: "GET",
    route: "/api/documents/:id",
    allowed: ALL,
    recordsRead: "Viewed",
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}` }),
  },
  {
    method: "PATCH",
    route: "/api/documents/:id",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}`, body: { tags: ["matrix"] } }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/versions",
    allowed: OWNER_OR_ADMIN,
    ok: 201,
    prepare: async (t) => ({
      url: `/api/documents/${await freshDocument(t)}/versions`,
      body: { content: "# New\n", expectedVersion: 1 },
    }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/archive",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/archive` }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/restore",
    allowed: OWNER_OR_ADMIN,
    denied: 404,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t, { archived: true })}/restore` }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/retry",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t, { failed: true })}/retry` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/versions",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/versions` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/versions/:version",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/versions/1` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/versions/:version/original",
    allowed: ALL,
    recordsRead: "Downloaded original",
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/versions/1/original` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/diff/:from/:to",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/diff/1/1` }),
  },
  // Owner Author and Admin pass the guard and meet the state rule (only a Draft is submitted): 409.
  {
    method: "POST",
    route: "/api/documents/:id/submit-review",
    allowed: OWNER_OR_ADMIN,
    ok: 409,
    prepare: async (t) => ({ url: `/api/documents/${await inReview(t)}/submit-review`, body: {} }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/approval",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await inReview(t)}/approval` }),
  },
  // Only the assigned reviewers and approver pass the guard; here each meets a state rule (409):
  // the reviewer already reviewed, the approver is early. Everyone else is refused with 403.
  {
    method: "PATCH",
    route: "/api/documents/:id/approval",
    allowed: ["Reviewer", "Approver"],
    ok: 409,
    prepare: async (t) => ({
      url: `/api/documents/${await inReview(t)}/approval`,
      body: { status: "Approved", approverStatus: "Approved" },
    }),
  },
  { method: "GET", route: "/api/approvals", allowed: ALL },
  { method: "GET", route: "/api/approvals/stats", allowed: ALL },
  { method: "GET", route: "/api/dashboard/insights", allowed: ALL },
  { method: "GET", route: "/api/notifications", allowed: ALL },
  { method: "GET", route: "/api/notifications/unread-count", allowed: ALL },
  // Someone else's notification or a made-up id is "not found" for everyone.
  {
    method: "POST",
    route: "/api/notifications/:id/read",
    allowed: ALL,
    ok: 404,
    prepare: async () => ({ url: `/api/notifications/${randomUUID()}/read` }),
  },
  { method: "POST", route: "/api/notifications/read-all", allowed: ALL, ok: 204 },
  { method: "GET", route: "/api/notifications/preferences", allowed: ALL },
  {
    method: "PUT",
    route: "/api/notifications/preferences",
    allowed: ALL,
    prepare: async () => ({ body: { emailNotifications: true } }),
  },
  { method: "GET", route: "/api/settings", allowed: ALL },
  {
    method: "PATCH",
    route: "/api/settings",
    allowed: ["Admin"],
    prepare: async () => ({ body: { organization: { description: "Matrix" } } }),
  },
  { method: "GET", route: "/api/system", allowed: ALL },
  { method: "GET", route: "/api/waitlist", allowed: ["Admin"] },
  { method: "GET", route: "/api/activity", allowed: ["Admin"] },
  { method: "GET", route: "/api/activity.csv", allowed: ["Admin"] },
  {
    method: "GET",
    route: "/api/documents/:id/activity",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/activity` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/summary",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/summary` }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/summary/refresh",
    allowed: ALL,
    readOnly: true,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/summary/refresh` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/summary.md",
    allowed: ALL,
    recordsRead: "Exported summary",
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/summary.md` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/improvements",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/improvements` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/diff/:from/:to/analysis",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/diff/1/1/analysis` }),
  },
  { method: "GET", route: "/api/ai/suggestions", allowed: ALL },
  {
    method: "POST",
    route: "/api/ai/ask",
    allowed: ALL,
    readOnly: true,
    prepare: async () => ({ body: { question: "What is the expense policy?" } }),
  },
  // A made-up suggestion is "not found" for those who may apply; everyone else is refused first.
  {
    method: "POST",
    route: "/api/ai/apply/:id",
    allowed: OWNER_OR_ADMIN,
    ok: 404,
    prepare: async () => ({ url: `/api/ai/apply/other-${randomUUID()}` }),
  },
  {
    method: "POST",
    route: "/api/ai/suggestions/:id/dismiss",
    allowed: OWNER_OR_ADMIN,
    ok: 404,
    prepare: async () => ({ url: `/api/ai/suggestions/other-${randomUUID()}/dismiss` }),
  },
  {
    method: "GET",
    route: "/api/ai/categorize/:documentId",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/ai/categorize/${await freshDocument(t)}` }),
  },
  {
    method: "POST",
    route: "/api/ai/categorize",
    allowed: ALL,
    readOnly: true,
    prepare: async () => ({ body: { title: "Expense claims", content: "Receipts are required." } }),
  },
  {
    method: "GET",
    route: "/api/search",
    allowed: ALL,
    prepare: async () => ({ url: "/api/search?q=policy" }),
  },
  { method: "GET", route: "/api/search/suggestions", allowed: ALL },
];

/** Swagger UI's own asset routes (/api/docs/static/*, /api/docs/*): closed like the rest, but not API operations. */
const isDocsAsset = (url: string) =>
  url.startsWith("/api/docs/static/") || (url.startsWith("/api/docs/") && url.endsWith("*"));
const guarded = () =>
  t.app.routeList.filter((r) => r.url.startsWith("/api") && !r.public && !isDocsAsset(r.url));
const withIds = (route: string) => route.replace(/:[a-zA-Z]+/g, randomUUID());

describe("every API route is closed without a session", () => {
  it("answers 401 JSON to anonymous calls of every non-public route", async () => {
    const routes = guarded();
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: withIds(route.url),
        payload: route.method === "GET" ? undefined : {},
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(json(res)).toEqual({ message: expect.any(String) });
    }
  });

  it("leaves only health, sign-in (password and single sign-on), the published contact details and joining the waitlist public", () => {
    const open = t.app.routeList
      .filter((r) => r.url.startsWith("/api") && r.public)
      .map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([
      "GET /api/auth/login",
      "GET /api/auth/oidc/callback",
      "GET /api/auth/oidc/start",
      "GET /api/health",
      "GET /api/public/contact",
      "POST /api/auth/login",
      "POST /api/waitlist",
    ]);
  });

  it("answers an unknown API path with 404 JSON, signed in or not", async () => {
    for (const as of [null, "admin"]) {
      const res = await t.request("GET", "/api/no-such-thing", { as });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ message: "Not found: GET /api/no-such-thing" });
    }
  });
});

describe("role matrix", () => {
  for (const entry of matrix) {
    for (const role of roles) {
      const allowed = entry.allowed === ALL || entry.allowed.includes(role);
      const denied = entry.denied ?? 403;
      it(`${entry.method} ${entry.route} as ${role}: ${allowed ? "allowed" : denied}`, async () => {
        t.forgetSessions();
        if (entry.stream) {
          const streamed = await t.app.inject({
            method: "GET",
            url: entry.route,
            headers: { cookie: await t.cookieFor(demoUserOf[role]) },
            payloadAsStream: true,
          });
          streamed.stream().destroy();
          expect(streamed.statusCode).toBe(allowed ? 200 : denied);
          return;
        }
        const prepared = (await entry.prepare?.(t)) ?? {};
        const user = demoUserOf[role];
        await t.cookieFor(user);
        const [before] = await t.ctx.db.select({ last: max(activity.id) }).from(activity);
        const res = await t.request(entry.method as "GET", prepared.url ?? entry.route, {
          as: user,
          body: prepared.body,
          ...(prepared.headers ? { headers: prepared.headers } : {}),
        });
        // Every change leaves exactly one entry, by the acting user, in its transaction; so does the
        // first success of a read an auditor needs (each attempt reads a fresh document); a refusal
        // or any other read leaves none.
        const written = await t.ctx.db
          .select({ action: activity.action, userId: activity.userId })
          .from(activity)
          .where(gt(activity.id, before?.last ?? 0))
          .orderBy(asc(activity.id));
        const changed = entry.method !== "GET" && !entry.readOnly && res.statusCode < 300;
        const audited = entry.method === "GET" && entry.recordsRead !== undefined && res.statusCode === 200;
        expect(written.map((r) => [r.action, r.userId === userIds[user]])).toEqual(
          changed ? [[expect.any(String), true]] : audited ? [[entry.recordsRead, true]] : [],
        );
        if (allowed) expect(res.statusCode, res.body).toBe(entry.ok ?? 200);
        else if (denied === 404) expect(res.statusCode, res.body).toBe(404);
        else {
          expect(res.statusCode, res.body).toBe(403);
          expect(json(res)).toEqual({ message: "Your role does not allow this action" });
        }
      });
    }
  }

  it("covers every guarded route", () => {
    const inMatrix = new Set(matrix.map((e) => `${e.method} ${e.route}`));
    const missing = guarded()
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !inMatrix.has(r));
    expect(missing).toEqual([]);
  });
});
