import { generateKeyPairSync } from "node:crypto";
import type { LoginOptions, SessionUser, SystemInfo } from "@quire/contracts";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { activity, sessions, users } from "../../db/schema";
import { createTestApp, json, type TestApp } from "../../../test/support/harness";
import { signInAtProvider, startTestProvider, type TestProvider } from "../../../test/support/oidc-provider";

const QUIRE = "http://quire.test";
const CLIENT = { clientId: "quire", clientSecret: "quire-client-secret" };

let idp: TestProvider;
let t: TestApp;

function oidcEnv(issuer: string): Record<string, string> {
  return {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT.clientId,
    OIDC_CLIENT_SECRET: CLIENT.clientSecret,
    OIDC_ROLE_CLAIM: "roles",
    OIDC_ROLE_MAP: "quire-admins=Admin,quire-authors=Author",
    OIDC_GROUPS_CLAIM: "groups",
    OIDC_GROUP_MAP: "idp-finance=Finance",
    OIDC_BUTTON_LABEL: "Acme ID",
    PUBLIC_URL: QUIRE,
  };
}

beforeAll(async () => {
  idp = await startTestProvider();
  idp.register({ ...CLIENT, redirectUri: `${QUIRE}/api/auth/oidc/callback` });
  t = await createTestApp({ env: oidcEnv(idp.issuer) });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** The Quire group of this name, made by the Admin through the API if the archive lacks it. */
async function groupId(name: string): Promise<string> {
  const all = json<Array<{ id: string; name: string }>>(
    await t.request("GET", "/api/groups", { as: "admin" }),
  );
  const found = all.find((g) => g.name === name);
  if (found) return found.id;
  const made = await t.request("POST", "/api/groups", { as: "admin", body: { name } });
  expect(made.statusCode, made.body).toBe(201);
  return json<{ id: string }>(made).id;
}

async function groupNamesOf(userId: string): Promise<string[]> {
  const all = json<Array<{ name: string; memberIds?: string[] }>>(
    await t.request("GET", "/api/groups", { as: "admin" }),
  );
  return all
    .filter((g) => g.memberIds?.includes(userId))
    .map((g) => g.name)
    .sort();
}

const cookiesOf = (res: LightMyRequestResponse) => res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

/** Start at Quire, sign in at the provider as `login`, and bring the provider's answer back to Quire. */
async function ssoSignIn(
  login: string,
  alter: (callback: URL) => void = () => {},
  beforeCallback: () => void = () => {},
) {
  const start = await t.app.inject({
    method: "GET",
    url: "/api/auth/oidc/start",
    headers: { host: "quire.test" },
  });
  expect(start.statusCode, start.body).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin).toBe(idp.issuer);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("nonce")).toBeTruthy();
  const callback = await signInAtProvider(authorize.href, login, QUIRE);
  alter(callback);
  beforeCallback();
  const done = await t.app.inject({
    method: "GET",
    url: callback.pathname + callback.search,
    headers: { host: "quire.test", cookie: cookiesOf(start) },
  });
  const session = done.cookies.find((c) => c.name === "quire_session");
  return { done, session };
}

async function signedInUser(session: { name: string; value: string } | undefined): Promise<SessionUser> {
  expect(session, "a session cookie").toBeDefined();
  const me = await t.app.inject({
    method: "GET",
    url: "/api/auth/user",
    headers: { cookie: `${session!.name}=${session!.value}` },
  });
  expect(me.statusCode, me.body).toBe(200);
  return json<SessionUser>(me);
}

async function userRow(subject: string) {
  return t.ctx.db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, idp.issuer), eq(users.oidcSubject, subject)));
}

/** The sentence the sign-in page shows this browser after a refusal (its options, with its cookies). */
async function refusalShown(res: LightMyRequestResponse): Promise<string | null | undefined> {
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), QUIRE);
  expect(location.pathname).toBe("/login");
  expect(location.searchParams.get("error")).toBe("sso");
  const options = await t.app.inject({
    method: "GET",
    url: "/api/auth/login",
    headers: { cookie: cookiesOf(res) },
  });
  return json<LoginOptions>(options).ssoError;
}

/** The refusal lands on the sign-in page with a readable message and signs nobody in. */
async function expectRefused(res: Awaited<ReturnType<typeof ssoSignIn>>, reason: RegExp): Promise<void> {
  expect(await refusalShown(res.done)).toMatch(reason);
  expect(res.session).toBeUndefined();
}

describe("single sign-on with OpenID Connect", () => {
  it("tells the sign-in page about the SSO button and that passwords still work", async () => {
    const options = json<LoginOptions>(await t.app.inject({ method: "GET", url: "/api/auth/login" }));
    expect(options.sso).toEqual({ buttonLabel: "Acme ID", startUrl: "/api/auth/oidc/start" });
    expect(options.localLogin).toBe(true);
    expect((await t.request("GET", "/api/auth/user", { as: "viewer" })).statusCode).toBe(200);
  });

  it("shows an Admin, in System Information, what the provider must be told, never the secret", async () => {
    const res = await t.request("GET", "/api/system", { as: "admin", headers: { host: "quire.test" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<SystemInfo>(res).signIn).toEqual({
      password: true,
      sso: {
        issuer: idp.issuer,
        clientId: CLIENT.clientId,
        // The address sign-in sends: the one the provider registered above.
        redirectUri: `${QUIRE}/api/auth/oidc/callback`,
        scopes: "openid profile email",
        roleClaim: "roles",
        roleMap: [
          { value: "quire-admins", role: "Admin" },
          { value: "quire-authors", role: "Author" },
        ],
        groupsClaim: "groups",
      },
    });
    expect(res.body).not.toContain(CLIENT.clientSecret);
    const author = json<SystemInfo>(await t.request("GET", "/api/system", { as: "author" }));
    expect(author.signIn).toBeNull();
  });

  it("creates the user at the first sign-in with the mapped role and the groups", async () => {
    for (const name of ["Legal", "HR team", "Finance", "Auditors"]) await groupId(name);
    idp.setAccount("sub-alice", {
      preferred_username: "Alice.Smith",
      email: "alice@example.com",
      roles: ["staff", "quire-authors"],
      groups: ["Legal", "HR team"],
    });
    const { done, session } = await ssoSignIn("sub-alice");
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe("/home");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(await signedInUser(session)).toMatchObject({ username: "alice.smith", role: "Author" });

    const [row] = await userRow("sub-alice");
    expect(row).toMatchObject({ username: "alice.smith", role: "Author", oidcGroups: ["HR team", "Legal"] });
    // The claim's groups are Quire groups of the same name: what she may see follows them.
    expect(await groupNamesOf(row!.id)).toEqual(["HR team", "Legal"]);
    // No usable password: signing in with one fails like any wrong password.
    const password = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "alice.smith", password: "demo" },
    });
    expect(password.statusCode).toBe(401);
    const entries = await t.ctx.db.select().from(activity).where(eq(activity.subjectId, row!.id));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(["Created user", "Signed in"]));
  });

  it("updates role and groups at a later sign-in, keeping the same user", async () => {
    idp.setAccount("sub-alice", {
      preferred_username: "renamed-at-provider",
      roles: ["quire-authors", "quire-admins"],
      groups: ["idp-finance"],
    });
    // An Admin put her in Auditors by hand: no claim ever named it, so sign-ins leave it alone.
    const [before] = await userRow("sub-alice");
    const auditors = await groupId("Auditors");
    const added = await t.request("PATCH", `/api/groups/${auditors}`, {
      as: "admin",
      body: { memberIds: [before!.id] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const { session } = await ssoSignIn("sub-alice");
    expect(await signedInUser(session)).toMatchObject({ username: "alice.smith", role: "Admin" });
    const rows = await userRow("sub-alice");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: "Admin", oidcGroups: ["idp-finance"] });
    // OIDC_GROUP_MAP names Finance for idp-finance; Legal and HR team, which the claim dropped, are left.
    expect(await groupNamesOf(rows[0]!.id)).toEqual(["Auditors", "Finance"]);

    idp.setAccount("sub-alice", { roles: [], groups: [] });
    expect(await signedInUser((await ssoSignIn("sub-alice")).session)).toMatchObject({ role: "Viewer" });
    expect((await userRow("sub-alice"))[0]).toMatchObject({ role: "Viewer", oidcGroups: [] });
    expect(await groupNamesOf(rows[0]!.id)).toEqual(["Auditors"]);
  });

  it("never signs a provider user into a local account of the same name", async () => {
    idp.setAccount("sub-impostor", { preferred_username: "admin", roles: ["quire-admins"] });
    const user = await signedInUser((await ssoSignIn("sub-impostor")).session);
    expect(user.username).toBe("admin-2");
    const [local] = await t.ctx.db.select().from(users).where(eq(users.username, "admin"));
    expect(local?.id).not.toBe(user.id);
    expect(local?.oidcSubject).toBeNull();
  });

  describe("refuses an ID token that is not the provider's own, unchanged", () => {
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    const now = () => Math.floor(Date.now() / 1000);
    const forgeries: Array<[string, (token: string) => string, RegExp]> = [
      ["a wrong signature", (token) => idp.resign(token, () => {}, otherKey), /signature/i],
      ["a wrong issuer", (token) => idp.resign(token, (p) => void (p.iss = "http://evil.example")), /iss/],
      ["a wrong audience", (token) => idp.resign(token, (p) => void (p.aud = "another-client")), /aud/],
      [
        "an expired token",
        (token) => idp.resign(token, (p) => Object.assign(p, { iat: now() - 7200, exp: now() - 3600 })),
        /exp/,
      ],
      [
        "no signature at all (alg none)",
        (token) => `${Buffer.from('{"alg":"none"}').toString("base64url")}.${token.split(".")[1]}.`,
        /alg/i,
      ],
      ["another sign-in's nonce", (token) => idp.resign(token, (p) => void (p.nonce = "replayed")), /nonce/],
    ];

    beforeAll(() => {
      idp.setAccount("sub-bob", { preferred_username: "bob", roles: ["quire-authors"], groups: ["Legal"] });
    });

    it("while the same token re-signed unchanged is accepted (the forgeries below differ only in one thing)", async () => {
      idp.tamper = (token) => idp.resign(token, () => {});
      try {
        expect(await signedInUser((await ssoSignIn("sub-bob")).session)).toMatchObject({ role: "Author" });
      } finally {
        idp.tamper = null;
      }
    });

    for (const [what, forge, reason] of forgeries) {
      it(`with ${what}`, async () => {
        idp.setAccount("sub-bob", { preferred_username: "bob", roles: ["quire-admins"], groups: ["Forged"] });
        idp.tamper = forge;
        try {
          await expectRefused(await ssoSignIn("sub-bob"), reason);
        } finally {
          idp.tamper = null;
          idp.setAccount("sub-bob", {
            preferred_username: "bob",
            roles: ["quire-authors"],
            groups: ["Legal"],
          });
        }
        // Nothing the forged token said reached the user.
        expect((await userRow("sub-bob"))[0]).toMatchObject({ role: "Author", oidcGroups: ["Legal"] });
      });
    }
  });

  it("refuses a callback whose state is not the one this browser started", async () => {
    idp.setAccount("sub-carol", { preferred_username: "carol" });
    const res = await ssoSignIn("sub-carol", (callback) =>
      callback.searchParams.set("state", "forged-state"),
    );
    await expectRefused(res, /state/);
    expect(await userRow("sub-carol")).toHaveLength(0);
  });

  it("refuses a sign-in that took longer than ten minutes at the provider", async () => {
    idp.setAccount("sub-slow", { preferred_username: "slow" });
    const res = await ssoSignIn("sub-slow", undefined, () => t.clock.advance(11 * 60_000));
    await expectRefused(res, /took too long/);
    expect(await userRow("sub-slow")).toHaveLength(0);
  });

  it("refuses a disabled account, though the provider vouches for it", async () => {
    idp.setAccount("sub-gone", { preferred_username: "gone" });
    await signedInUser((await ssoSignIn("sub-gone")).session);
    await t.ctx.db.update(users).set({ disabledAt: t.clock.now() }).where(eq(users.oidcSubject, "sub-gone"));
    await expectRefused(await ssoSignIn("sub-gone"), /disabled/);
  });

  it("refuses a callback without the flow cookie, and says why", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/oidc/callback?code=x&state=y" });
    expect(await refusalShown(res)).toMatch(/did not start here/);
  });

  it("shows only a refusal it signed itself: a forged or absent one is no message", async () => {
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/auth/login?error=Your%20account%20is%20locked",
      headers: { cookie: "quire_sso_error=Your%20account%20is%20locked.%20Call%20us" },
    });
    expect(json<LoginOptions>(forged).ssoError).toBeNull();
    const none = await t.app.inject({ method: "GET", url: "/api/auth/login" });
    expect(json<LoginOptions>(none).ssoError).toBeNull();
  });

  it("shows the provider's refusal", async () => {
    const res = await ssoSignIn("sub-dave", (callback) => {
      callback.search = "";
      callback.searchParams.set("error", "access_denied");
      callback.searchParams.set("error_description", "End-User aborted interaction");
    });
    await expectRefused(res, /refused the sign-in: End-User aborted/);
  });
});

describe("where single sign-on returns to", () => {
  const start = (next: string, host = "quire.test") =>
    t.app.inject({
      method: "GET",
      url: `/api/auth/oidc/start?next=${encodeURIComponent(next)}`,
      headers: { host },
    });

  it("refuses, before the provider is visited, a next that is not a path on this site", async () => {
    for (const next of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\nSet-Cookie: quire_session=planted",
      "/..//evil.example",
      "/\\evil.example",
      "//evil.example",
      "https://evil.example/home",
      "/api/auth/logout",
      "home",
      "",
    ]) {
      const res = await start(next);
      expect(res.statusCode, JSON.stringify(next)).toBe(400);
      expect(json(res)).toEqual({
        message: expect.stringMatching(/next must be a path on this site/),
        code: "invalid",
      });
      expect(res.headers.location).toBeUndefined();
      expect(res.cookies).toHaveLength(0);
    }
  });

  it("returns to a path on this site, as the URL parser reads it", async () => {
    idp.setAccount("sub-nora", { preferred_username: "nora" });
    const begun = await start("/documents?category=a%20b#top");
    expect(begun.statusCode, begun.body).toBe(302);
    const callback = await signInAtProvider(String(begun.headers.location), "sub-nora", QUIRE);
    // The flow cookie as a browser sends it back: encoded as it was set (its JSON holds "%20").
    const cookie = begun.cookies.map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join("; ");
    const done = await t.app.inject({
      method: "GET",
      url: callback.pathname + callback.search,
      headers: { host: "quire.test", cookie },
    });
    expect(done.headers.location).toBe("/documents?category=a%20b#top");
  });

  it("sends the provider PUBLIC_URL's callback, whatever Host the request names", async () => {
    const begun = await start("/home", "evil.example");
    expect(begun.statusCode, begun.body).toBe(302);
    const authorize = new URL(String(begun.headers.location));
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${QUIRE}/api/auth/oidc/callback`);
  });

  it("checks next again at the callback, before any session or activity is written", async () => {
    idp.setAccount("sub-otto", { preferred_username: "otto" });
    const begun = await start("/documents");
    const flowCookie = begun.cookies.find((c) => c.name === "quire_oidc")!;
    // A flow cookie signed by this server holding what an earlier build let through.
    const flow = JSON.parse(t.app.unsignCookie(flowCookie.value).value!) as { next: string };
    for (const next of ["/\t/evil.example", "/\r\nLocation: https://evil.example"]) {
      const forged = t.app.signCookie(JSON.stringify({ ...flow, next }));
      const callback = await signInAtProvider(String(begun.headers.location), "sub-otto", QUIRE);
      const sessionsBefore = (await t.ctx.db.select().from(sessions)).length;
      const activityBefore = (await t.ctx.db.select().from(activity)).length;
      const done = await t.app.inject({
        method: "GET",
        url: callback.pathname + callback.search,
        headers: { host: "quire.test", cookie: `quire_oidc=${encodeURIComponent(forged)}` },
      });
      expect(await refusalShown(done)).toMatch(/off this site/);
      expect(done.cookies.find((c) => c.name === "quire_session")).toBeUndefined();
      expect((await t.ctx.db.select().from(sessions)).length).toBe(sessionsBefore);
      expect((await t.ctx.db.select().from(activity)).length).toBe(activityBefore);
    }
  });
});

describe("a provider that keeps roles and groups in /userinfo", () => {
  let userinfoIdp: TestProvider;
  let app: TestApp;
  beforeAll(async () => {
    userinfoIdp = await startTestProvider({ userinfoOnly: true });
    userinfoIdp.register({ ...CLIENT, redirectUri: `${QUIRE}/api/auth/oidc/callback` });
    app = await createTestApp({ env: oidcEnv(userinfoIdp.issuer) });
  });
  afterAll(async () => {
    await app?.close();
    await userinfoIdp?.close();
  });

  it("reads them from /userinfo when the ID token lacks them", async () => {
    userinfoIdp.setAccount("sub-frank", {
      preferred_username: "frank",
      roles: ["quire-admins"],
      groups: ["Audit"],
    });
    const start = await app.app.inject({
      method: "GET",
      url: "/api/auth/oidc/start",
      headers: { host: "quire.test" },
    });
    const callback = await signInAtProvider(String(start.headers.location), "sub-frank", QUIRE);
    const done = await app.app.inject({
      method: "GET",
      url: callback.pathname + callback.search,
      headers: { host: "quire.test", cookie: cookiesOf(start) },
    });
    expect(done.headers.location).toBe("/home");
    const [row] = await app.ctx.db.select().from(users).where(eq(users.oidcSubject, "sub-frank"));
    expect(row).toMatchObject({ username: "frank", role: "Admin", oidcGroups: ["Audit"] });
  });
});

describe("LOCAL_LOGIN=false", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { ...oidcEnv(idp.issuer), LOCAL_LOGIN: "false" } });
  });
  afterAll(async () => off?.close());

  it("refuses password sign-in with a clear message and tells the sign-in page", async () => {
    const res = await off.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "admin", password: "demo" },
    });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({
      message: expect.stringMatching(/Password sign-in is turned off/),
      code: "forbidden",
    });
    expect(res.cookies).toHaveLength(0);
    const options = json<LoginOptions>(await off.app.inject({ method: "GET", url: "/api/auth/login" }));
    expect(options).toMatchObject({ localLogin: false, sso: { buttonLabel: "Acme ID" } });
  });
});

describe("single sign-on configuration", () => {
  const base = { NODE_ENV: "test" };
  it("is off without OIDC_ISSUER, and then local sign-in cannot be turned off", () => {
    expect(loadConfig(base).oidc).toBeUndefined();
    expect(() => loadConfig({ ...base, LOCAL_LOGIN: "false" })).toThrow(/LOCAL_LOGIN=false.*OIDC_ISSUER/);
  });

  it("names what is missing or malformed", () => {
    const env = oidcEnv("https://id.example.com");
    expect(() => loadConfig({ ...base, ...env, OIDC_CLIENT_SECRET: "" })).toThrow(/OIDC_CLIENT_SECRET/);
    expect(() => loadConfig({ ...base, ...env, OIDC_ROLE_MAP: "admins=Boss" })).toThrow(
      /OIDC_ROLE_MAP entry "admins=Boss"/,
    );
    expect(() => loadConfig({ ...base, ...env, OIDC_GROUP_MAP: "idp-legal" })).toThrow(
      /OIDC_GROUP_MAP entry "idp-legal"/,
    );
    const { OIDC_GROUPS_CLAIM: _noGroups, ...noGroupsClaim } = env;
    expect(() => loadConfig({ ...base, ...noGroupsClaim })).toThrow(/OIDC_GROUP_MAP needs OIDC_GROUPS_CLAIM/);
    expect(loadConfig({ ...base, ...env, OIDC_GROUP_MAP: "a=Legal, b = HR team" }).oidc?.groupMap).toEqual(
      new Map([
        ["a", "Legal"],
        ["b", "HR team"],
      ]),
    );
    expect(() => loadConfig({ ...base, ...env, OIDC_ISSUER: "http://id.example.com" })).toThrow(/https/);
    expect(() => loadConfig({ ...base, ...env, OIDC_SCOPES: "profile" })).toThrow(/openid/);
    // Without it the return address would come from each request's Host header.
    const { PUBLIC_URL: _noPublicUrl, ...noPublicUrl } = env;
    expect(() => loadConfig({ ...base, ...noPublicUrl })).toThrow(/single sign-on needs PUBLIC_URL/);
    const { OIDC_ROLE_CLAIM: _unused, ...noClaim } = env;
    expect(() => loadConfig({ ...base, ...noClaim })).toThrow(/OIDC_ROLE_MAP needs OIDC_ROLE_CLAIM/);
    expect(loadConfig({ ...base, ...env }).oidc).toMatchObject({
      scopes: "openid profile email",
      roleMap: [
        { value: "quire-admins", role: "Admin" },
        { value: "quire-authors", role: "Author" },
      ],
      buttonLabel: "Acme ID",
    });
  });
});
