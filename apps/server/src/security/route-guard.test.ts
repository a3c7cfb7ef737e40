import { randomUUID } from "node:crypto";
import { roles } from "@quire/contracts";
import { describe, expect, it, onTestFinished } from "vitest";
import { json } from "../../test/support/harness";
import { demoAppForFile } from "../../test/support/review-helpers";
import { matrix } from "../../test/support/route-matrix";
import { ALL, attemptAs, demoUserOf } from "../../test/support/route-matrix-fixtures";

const { t, ids: userIds } = demoAppForFile();

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
      expect(json(res)).toEqual({ message: expect.any(String), code: "unauthenticated" });
    }
  });

  it("names a registry action in every guarded route's config, which the policy guard checks", () => {
    // The API's own description (Swagger UI's routes, which take no route config) is every
    // signed-in user's; every other route names what it does.
    const isApiDescription = (url: string) => url === "/api/docs" || /^\/api\/docs\/(json|yaml)$/.test(url);
    const unnamed = guarded()
      .filter((route) => route.action === null && !isApiDescription(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(unnamed).toEqual([]);
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
      expect(json(res)).toEqual({ message: "Not found: GET /api/no-such-thing", code: "notFound" });
    }
  });
});

/**
 * Cases keep their users' sign-ins (each was up to three: the role's, and Admin's and the author's
 * for the fixtures; 400 cases spent seconds signing in), except after the routes that end or
 * replace the session they are called with. A cookie gone stale would answer 401, never a pass.
 */
const ENDS_SESSION = new Set(["POST /api/auth/logout", "POST /api/auth/demo-role"]);

describe("role matrix", () => {
  for (const entry of matrix) {
    for (const role of roles) {
      const allowed = entry.allowed === ALL || entry.allowed.includes(role);
      const denied = entry.denied ?? 403;
      it(`${entry.method} ${entry.route} as ${role}: ${allowed ? "allowed" : denied}`, async () => {
        if (ENDS_SESSION.has(`${entry.method} ${entry.route}`)) onTestFinished(() => t.forgetSessions());
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
        const { res, user, written } = await attemptAs(t, entry, role, prepared);
        // Every change leaves exactly one entry, by the acting user, in its transaction; so does the
        // first success of a read an auditor needs (each attempt reads a fresh document); a refusal
        // or any other read leaves none.
        const changed = entry.method !== "GET" && !entry.readOnly && res.statusCode < 300;
        const audited = entry.method === "GET" && entry.recordsRead !== undefined && res.statusCode === 200;
        expect(written.map((r) => [r.action, r.userId === userIds[user]])).toEqual(
          changed ? [[expect.any(String), true]] : audited ? [[entry.recordsRead, true]] : [],
        );
        if (allowed) expect(res.statusCode, res.body).toBe(entry.ok ?? 200);
        else if (denied === 404) expect(res.statusCode, res.body).toBe(404);
        else {
          expect(res.statusCode, res.body).toBe(403);
          expect(json(res)).toEqual({ message: "Your role does not allow this action", code: "forbidden" });
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
