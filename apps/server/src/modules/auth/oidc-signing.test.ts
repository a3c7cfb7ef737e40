import type { ApprovalRoundRecord, Document, DocumentSigning } from "@quire/contracts";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, multipart, type TestApp } from "../../../test/support/harness";
import { signInAtProvider, startTestProvider, type TestProvider } from "../../../test/support/oidc-provider";

/**
 * Signing where a category asks for the credentials again, by someone who signs in through single
 * sign-on and has no Quire password: they sign in again at the identity provider, which must ask
 * for their credentials (prompt=login, max_age=0, auth_time checked), as the same person, and may
 * then sign in that session for a few minutes.
 */
const QUIRE = "http://quire.test";
const CLIENT = { clientId: "quire", clientSecret: "quire-client-secret" };

let idp: TestProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startTestProvider();
  idp.register({ ...CLIENT, redirectUri: `${QUIRE}/api/auth/oidc/callback` });
  t = await createTestApp({
    env: {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: CLIENT.clientId,
      OIDC_CLIENT_SECRET: CLIENT.clientSecret,
      OIDC_ROLE_CLAIM: "roles",
      OIDC_ROLE_MAP: "quire-reviewers=Reviewer",
      PUBLIC_URL: QUIRE,
    },
  });
  idp.setAccount("rita", { preferred_username: "rita", roles: ["quire-reviewers"] });
  idp.setAccount("sam", { preferred_username: "sam", roles: ["quire-reviewers"] });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const cookiesOf = (res: LightMyRequestResponse) => res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
const sessionOf = (res: LightMyRequestResponse) => {
  const session = res.cookies.find((c) => c.name === "quire_session");
  return session ? `${session.name}=${session.value}` : undefined;
};

/** Quire's start (with `query`), the provider's sign-in as `login`, and Quire's callback, with `cookie`. */
async function throughProvider(login: string, query: string, cookie = "") {
  const start = await t.app.inject({
    method: "GET",
    url: `/api/auth/oidc/start${query}`,
    headers: { host: "quire.test", cookie },
  });
  if (start.statusCode !== 302) return { start, done: undefined };
  const authorize = new URL(String(start.headers.location));
  const callback = await signInAtProvider(authorize.href, login, QUIRE);
  const done = await t.app.inject({
    method: "GET",
    url: callback.pathname + callback.search,
    headers: { host: "quire.test", cookie: [cookie, cookiesOf(start)].filter(Boolean).join("; ") },
  });
  return { start, authorize, done };
}

async function as(cookie: string, method: "GET" | "PATCH", url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { host: "quire.test", cookie, origin: QUIRE },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

/** A document in a category that asks signers to confirm, in review with `reviewerId`. */
let made = 0;
async function inReview(reviewerId: string): Promise<string> {
  made += 1;
  const created = await t.request("POST", "/api/categories", {
    as: "admin",
    body: { name: `Batch records ${made}` },
  });
  expect(created.statusCode, created.body).toBe(201);
  const categoryId = json<{ id: string }>(created).id;
  const rule = await t.request("PUT", `/api/categories/${categoryId}/signing`, {
    as: "admin",
    body: { requiresPassword: true },
  });
  expect(rule.statusCode, rule.body).toBe(200);
  const { body, headers } = multipart(
    { title: "Batch release record", categoryId, allowDuplicate: "true" },
    { name: "batch.md", bytes: Buffer.from("# Batch release\n\nRelease after QA sign-off.\n") },
  );
  const up = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  expect(up.statusCode, up.body).toBe(201);
  const doc = json<Document>(up).id;
  const users = json<Array<{ id: string; username: string }>>(
    await t.request("GET", "/api/users", { as: "admin" }),
  );
  const approver = users.find((u) => u.username === "approver")!.id;
  const submitted = await t.request("POST", `/api/documents/${doc}/submit-review`, {
    as: "author",
    body: { stages: [[reviewerId], [approver]].map((p) => ({ assignees: p.map((userId) => ({ userId })) })) },
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  return doc;
}

const approve = (cookie: string, doc: string) =>
  as(cookie, "PATCH", `/api/documents/${doc}/approval`, { status: "Approved", approverStatus: "Approved" });

describe("signing after signing in again through single sign-on", () => {
  it("asks the provider for the credentials again, then lets the same person sign for a few minutes", async () => {
    const first = await throughProvider("rita", "");
    const rita = sessionOf(first.done!)!;
    expect(rita).toBeDefined();
    const me = json<{ id: string }>(await as(rita, "GET", "/api/auth/user"));
    const doc = await inReview(me.id);

    const before = json<DocumentSigning>(await as(rita, "GET", `/api/documents/${doc}/signing`));
    expect(before).toEqual({ requiresPassword: true, confirmWith: "single sign-on", confirmedUntil: null });
    const refused = await approve(rita, doc);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatch(/sign in again.*Confirm with single sign-on/);

    // Only a signed-in person can sign in again to sign.
    const anonymous = await t.app.inject({
      method: "GET",
      url: "/api/auth/oidc/start?purpose=sign&next=/home",
      headers: { host: "quire.test" },
    });
    expect(anonymous.statusCode).toBe(401);

    const next = `/document/${doc}`;
    const again = await throughProvider("rita", `?purpose=sign&next=${encodeURIComponent(next)}`, rita);
    expect(again.authorize!.searchParams.get("prompt")).toBe("login");
    expect(again.authorize!.searchParams.get("max_age")).toBe("0");
    expect(again.done!.statusCode).toBe(302);
    expect(again.done!.headers.location).toBe(next);
    const confirmed = sessionOf(again.done!)!;
    expect(confirmed).not.toBe(rita);
    // The session it replaced is over.
    expect((await as(rita, "GET", "/api/auth/user")).statusCode).toBe(401);

    const during = json<DocumentSigning>(await as(confirmed, "GET", `/api/documents/${doc}/signing`));
    expect(during.confirmedUntil).not.toBeNull();
    const signed = await approve(confirmed, doc);
    expect(signed.statusCode, signed.body).toBe(200);
    const [round] = json<ApprovalRoundRecord[]>(
      await t.request("GET", `/api/documents/${doc}/approval-records`, { as: "author" }),
    );
    expect(round!.entries.map((e) => [e.payload.signer.name, e.payload.authentication])).toEqual([
      ["rita", "single sign-on re-entered"],
    ]);

    // The window closes: a sign-in again is good for minutes, not for the rest of the session.
    t.clock.advance(6 * 60_000);
    const later = json<DocumentSigning>(await as(confirmed, "GET", `/api/documents/${doc}/signing`));
    expect(later.confirmedUntil).toBeNull();
  });

  it("refuses a sign-in again as someone else, or one the provider did not ask for", async () => {
    const rita = sessionOf((await throughProvider("rita", "")).done!)!;
    const me = json<{ id: string }>(await as(rita, "GET", "/api/auth/user"));
    const doc = await inReview(me.id);
    const query = `?purpose=sign&next=${encodeURIComponent(`/document/${doc}`)}`;

    const other = await throughProvider("sam", query, rita);
    expect(other.done!.headers.location).toBe("/login?error=sso");
    expect(sessionOf(other.done!)).toBeUndefined();
    expect((await approve(rita, doc)).statusCode).toBe(403);

    // A provider that answered from its old session: auth_time before the sign-in again started.
    idp.tamper = (token) =>
      idp.resign(token, (claims) => {
        claims.auth_time = Math.floor(Date.now() / 1000) - 3600;
      });
    try {
      const stale = await throughProvider("rita", query, rita);
      expect(stale.done!.headers.location).toBe("/login?error=sso");
      expect(sessionOf(stale.done!)).toBeUndefined();
    } finally {
      idp.tamper = null;
    }
    expect((await approve(rita, doc)).statusCode).toBe(403);
  });
});
