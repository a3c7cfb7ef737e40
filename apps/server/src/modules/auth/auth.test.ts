import { demoModeWarnings } from "./demo-mode";
import { accountDelayMs } from "./login";
import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { apiTokens, sessions, users } from "../../db/schema";
import { hashToken } from "../../lib/tokens";
import { rolePermissionLines } from "../../policies/permissions";
import { appForFile } from "../../../test/support/app-for-file";
import { json, multipart } from "../../../test/support/harness";

const t = appForFile();
// Several tests move the clock past session lifetimes; cached sign-ins would then be stale.
afterEach(() => t.forgetSessions());

async function login(username: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password }, headers });
}
const cookieOf = (res: Awaited<ReturnType<typeof login>>) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

describe("sign-in", () => {
  it("answers the user and sets an httpOnly, SameSite=Lax session cookie", async () => {
    const res = await login("reviewer", "demo");
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ username: "reviewer", role: "Reviewer" });
    const [cookie] = res.cookies;
    expect(cookie).toMatchObject({ name: "quire_session", httpOnly: true, sameSite: "Lax", path: "/" });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: cookieOf(res) },
    });
    expect(json(me)).toEqual({
      id: expect.any(String),
      username: "reviewer",
      role: "Reviewer",
      abilities: expect.objectContaining({ uploadDocuments: false, reviewDocuments: true }),
      // What the role may do, in words, from the same rules (Settings shows them).
      permissions: expect.arrayContaining([
        "Review documents assigned to you: approve, or request changes with a reason",
      ]),
      // The same lines as facts, for the web to write in the reader's language.
      permissionLines: rolePermissionLines("Reviewer"),
    });
  });

  it("refuses a wrong password and an unknown user with the same message", async () => {
    const wrong = await login("approver", "not-the-password");
    const unknown = await login("nobody-here", "demo");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong)).toEqual({ message: "Invalid username or password", code: "unauthenticated" });
    expect(json(unknown)).toEqual(json(wrong));
    expect(wrong.cookies).toHaveLength(0);
  });

  it("names the missing field", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "admin" },
    });
    expect(res.statusCode).toBe(400);
    expect(json<{ message: string }>(res).message).toContain("password");
  });

  it("issues a new session id at each sign-in and drops the one presented", async () => {
    const first = await login("author", "demo");
    const second = await login("author", "demo", { cookie: cookieOf(first) });
    expect(cookieOf(second)).not.toEqual(cookieOf(first));
    const old = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: cookieOf(first) },
    });
    expect(old.statusCode).toBe(401);
    const current = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: cookieOf(second) },
    });
    expect(current.statusCode).toBe(200);
  });

  it("ends the session at logout", async () => {
    const cookie = cookieOf(await login("viewer", "demo"));
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it("refuses a cookie whose signature was tampered with", async () => {
    const cookie = cookieOf(await login("viewer", "demo"));
    const tampered = cookie.replace(/.$/, (c) => (c === "a" ? "b" : "a"));
    const res = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: tampered } });
    expect(res.statusCode).toBe(401);
  });
});

describe("session expiry", () => {
  it("expires a session left idle longer than the idle limit", async () => {
    const cookie = cookieOf(await login("reviewer2", "demo"));
    t.clock.advance((t.config.sessionIdleMinutes - 1) * 60_000);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode,
    ).toBe(200);
    t.clock.advance((t.config.sessionIdleMinutes + 1) * 60_000);
    const res = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ message: expect.stringContaining("sign in"), code: "unauthenticated" });
  });

  it("expires a session at its absolute limit even while in use", async () => {
    const cookie = cookieOf(await login("reviewer2", "demo"));
    const step = (t.config.sessionIdleMinutes / 2) * 60_000;
    const maxMs = t.config.sessionMaxHours * 3_600_000;
    const start = t.clock.now().getTime();
    let status = 200;
    while (status === 200 && t.clock.now().getTime() - start <= maxMs + step) {
      t.clock.advance(step);
      status = (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode;
    }
    expect(status).toBe(401);
    const livedMs = t.clock.now().getTime() - start;
    expect(livedMs).toBeGreaterThanOrEqual(maxMs);
    expect(livedMs).toBeLessThanOrEqual(maxMs + step);
  });
});

describe("rate limit", () => {
  it("locks out the address that failed for that username, even with the right password, until the window passes", async () => {
    for (let i = 0; i < t.config.loginMaxFailures; i++)
      expect((await login("approver", `guess-${i}`)).statusCode).toBe(401);
    const locked = await login("approver", "demo");
    expect(locked.statusCode).toBe(429);
    expect(json<{ message: string }>(locked).message).toMatch(/Too many failed sign-in attempts/);
    t.clock.advance((t.config.loginWindowMinutes + 1) * 60_000);
    expect((await login("approver", "demo")).statusCode).toBe(200);
  });

  it("never locks the account itself: the Admin signs in from elsewhere while an attacker fails", async () => {
    t.clock.advance((t.config.loginWindowMinutes + 1) * 60_000);
    const from = (ip: string, password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "admin", password },
        remoteAddress: ip,
      });
    // Failures from several addresses, more than the limit in all.
    for (const ip of ["203.0.113.1", "203.0.113.2"]) {
      for (let i = 0; i < t.config.loginMaxFailures; i++)
        expect((await from(ip, `guess-${i}`)).statusCode).toBe(401);
      expect((await from(ip, "demo")).statusCode).toBe(429);
    }
    // The account answers more slowly now, but the right password from the Admin's own address works.
    // The server waits on its clock: the test's moves by each wait instead of taking it (16 s here).
    const started = t.clock.now().getTime();
    const admin = await from("198.51.100.7", "demo");
    expect(admin.statusCode).toBe(200);
    expect(t.clock.now().getTime() - started).toBe(
      accountDelayMs(2 * t.config.loginMaxFailures, t.config.loginMaxFailures),
    );
    t.clock.advance((t.config.loginWindowMinutes + 1) * 60_000);
  });

  it("holds the limit under 30 parallel wrong passwords for one username", async () => {
    t.clock.advance((t.config.loginWindowMinutes + 1) * 60_000);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { username: "reviewer2", password: `parallel-${i}` },
          remoteAddress: "192.0.2.50",
        }),
      ),
    );
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(checked).toBe(t.config.loginMaxFailures);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(30 - t.config.loginMaxFailures);
    t.clock.advance((t.config.loginWindowMinutes + 1) * 60_000);
  });

  it("limits one IP across usernames", async () => {
    t.clock.advance((t.config.loginWindowMinutes + 1) * 60_000);
    const ipLimit = t.config.loginMaxFailures * 4;
    for (let i = 0; i < ipLimit; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: `spray-${i}`, password: "x" },
        remoteAddress: "10.9.9.9",
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "admin", password: "demo" },
      remoteAddress: "10.9.9.9",
    });
    expect(res.statusCode).toBe(429);
    const elsewhere = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "admin", password: "demo" },
      remoteAddress: "10.9.9.10",
    });
    expect(elsewhere.statusCode).toBe(200);
    t.clock.advance((t.config.loginWindowMinutes + 1) * 60_000);
  });
});

describe("cross-site requests", () => {
  it("refuses a state-changing request whose Origin is another site, and changes nothing", async () => {
    const cookie = await t.cookieFor("admin");
    const before = json<unknown[]>(await t.request("GET", "/api/categories", { as: "admin" })).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/categories",
      headers: { cookie, origin: "https://evil.example", host: "quire.example" },
      payload: { name: "Planted" },
    });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ message: "Cross-site request refused", code: "forbidden" });
    expect(json<unknown[]>(await t.request("GET", "/api/categories", { as: "admin" }))).toHaveLength(before);
  });

  it("accepts the same origin, and refuses a cross-site fetch without Origin", async () => {
    const cookie = await t.cookieFor("admin");
    const same = await t.app.inject({
      method: "POST",
      url: "/api/categories",
      headers: { cookie, origin: "http://quire.example", host: "quire.example" },
      payload: { name: "Research" },
    });
    expect(same.statusCode).toBe(201);
    const blind = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie, "sec-fetch-site": "cross-site" },
    });
    expect(blind.statusCode).toBe(403);
  });

  it("refuses a change that nothing vouches for: no Origin, no Sec-Fetch-Site, no API token", async () => {
    const cookie = await t.cookieFor("admin");
    const before = json<unknown[]>(await t.request("GET", "/api/categories", { as: "admin" })).length;
    const bare = await t.injectAsSent({
      method: "POST",
      url: "/api/categories",
      headers: { cookie },
      payload: { name: "Planted without Origin" },
    });
    expect(bare.statusCode).toBe(403);
    expect(json(bare)).toEqual({
      message: expect.stringMatching(/needs an Origin header naming this site/),
      code: "forbidden",
    });
    // Not even a sign-in: a page elsewhere must not sign a browser into someone else's account.
    const login = await t.injectAsSent({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "viewer", password: t.config.demoPassword },
    });
    expect(login.statusCode).toBe(403);
    expect(login.cookies).toHaveLength(0);
    expect(json<unknown[]>(await t.request("GET", "/api/categories", { as: "admin" }))).toHaveLength(before);
    // Reading needs no Origin.
    const read = await t.injectAsSent({ method: "GET", url: "/api/categories", headers: { cookie } });
    expect(read.statusCode).toBe(200);
  });

  it("accepts a change without Origin when the browser says same-origin, or an API token vouches", async () => {
    const cookie = await t.cookieFor("admin");
    const sameOrigin = await t.injectAsSent({
      method: "POST",
      url: "/api/categories",
      headers: { cookie, "sec-fetch-site": "same-origin" },
      payload: { name: "Vouched by the browser" },
    });
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(201);
    const made = await t.request("POST", "/api/auth/tokens", { as: "admin", body: { name: "script" } });
    const { token } = json<{ token: string }>(made);
    const byToken = await t.injectAsSent({
      method: "POST",
      url: "/api/categories",
      headers: { authorization: `Bearer ${token}` },
      payload: { name: "Vouched by a token" },
    });
    expect(byToken.statusCode, byToken.body).toBe(201);
    // A default port in Host is the same site as an Origin without it.
    const defaultPort = await t.injectAsSent({
      method: "POST",
      url: "/api/categories",
      headers: { cookie, origin: "http://quire.example", host: "quire.example:80" },
      payload: { name: "Same site, port spelt out" },
    });
    expect(defaultPort.statusCode, defaultPort.body).toBe(201);
  });
});

describe("what browsers may keep", () => {
  it("nothing the API answers: JSON and originals are private, no-store", async () => {
    const list = await t.request("GET", "/api/categories", { as: "author" });
    expect(list.headers["cache-control"]).toBe("private, no-store");
    const refused = await t.request("GET", "/api/categories", { as: null });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["cache-control"]).toBe("private, no-store");
    const categories = json<Array<{ id: string }>>(list);
    const { body, headers } = multipart(
      { categoryId: categories[0]!.id, title: "Kept nowhere", allowDuplicate: "true" },
      { name: "kept-nowhere.md", bytes: Buffer.from("# Kept nowhere\n\nPrivate text.\n") },
    );
    const uploaded = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id } = json<{ id: string }>(uploaded);
    const original = await t.request("GET", `/api/documents/${id}/versions/1/original`, { as: "author" });
    expect(original.statusCode).toBe(200);
    expect(original.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("personal access tokens", () => {
  it("lets the owner create, use, list and revoke a token", async () => {
    const created = await t.request("POST", "/api/auth/tokens", {
      as: "author",
      body: { name: "CI export" },
    });
    expect(created.statusCode).toBe(201);
    const { id, token } = json<{ id: string; token: string }>(created);
    expect(token).toMatch(/^qt_/);

    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(json(me)).toMatchObject({ username: "author", role: "Author" });

    const listed = json<Array<Record<string, unknown>>>(
      await t.request("GET", "/api/auth/tokens", { as: "author" }),
    );
    expect(listed.map((x) => x.id)).toContain(id);
    expect(JSON.stringify(listed)).not.toContain(token);

    const [stored] = await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(stored?.tokenHash).toBe(hashToken(token));

    expect((await t.request("DELETE", `/api/auth/tokens/${id}`, { as: "admin" })).statusCode).toBe(404);
    expect((await t.request("DELETE", `/api/auth/tokens/${id}`, { as: "author" })).statusCode).toBe(204);
    const after = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it("stops accepting a token after its expiry", async () => {
    const created = await t.request("POST", "/api/auth/tokens", {
      as: "viewer",
      body: { name: "short", expiresInDays: 1 },
    });
    const { token } = json<{ token: string }>(created);
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers })).statusCode).toBe(200);
    t.clock.advance(2 * 86_400_000);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers })).statusCode).toBe(401);
  });

  it("holds at most 25 working tokens per account, saying so, and room comes back with a revoke", async () => {
    const make = (name: string) => t.request("POST", "/api/auth/tokens", { as: "approver", body: { name } });
    const made: string[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await make(`script ${i}`);
      expect(res.statusCode, res.body).toBe(201);
      made.push(json<{ id: string }>(res).id);
    }
    const refused = await make("one too many");
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({
      message: expect.stringMatching(/already have 25 API tokens.*Revoke one/),
      code: "conflict",
    });
    expect(json<unknown[]>(await t.request("GET", "/api/auth/tokens", { as: "approver" }))).toHaveLength(25);
    expect((await t.request("DELETE", `/api/auth/tokens/${made[0]}`, { as: "approver" })).statusCode).toBe(
      204,
    );
    expect((await make("after a revoke")).statusCode).toBe(201);
  });

  it("are managed from a session only: a token cannot mint, list or revoke tokens", async () => {
    const created = await t.request("POST", "/api/auth/tokens", { as: "reviewer", body: { name: "stolen" } });
    const { id, token } = json<{ id: string; token: string }>(created);
    const withToken = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    const minted = await withToken("POST", "/api/auth/tokens", { name: "outlives its parent" });
    expect(minted.statusCode, minted.body).toBe(403);
    expect(json(minted)).toEqual({
      message: expect.stringMatching(/managed from a signed-in session/),
      code: "forbidden",
    });
    expect((await withToken("GET", "/api/auth/tokens")).statusCode).toBe(403);
    expect((await withToken("DELETE", `/api/auth/tokens/${id}`)).statusCode).toBe(403);
    // Nothing was minted: the owner's list holds the one token, and revoking it leaves no way in.
    const listed = json<Array<{ id: string }>>(
      await t.request("GET", "/api/auth/tokens", { as: "reviewer" }),
    );
    expect(listed.map((x) => x.id)).toEqual([id]);
    expect((await t.request("DELETE", `/api/auth/tokens/${id}`, { as: "reviewer" })).statusCode).toBe(204);
    expect((await withToken("GET", "/api/auth/user")).statusCode).toBe(401);
  });

  it("refuses a made-up bearer token", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/categories",
      headers: { authorization: "Bearer qt_made-up" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("stored credentials", () => {
  it("keeps only scrypt hashes of passwords and sha256 of session ids", async () => {
    const rows = await t.ctx.db.select().from(users);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) {
      expect(row.passwordHash).toMatch(/^scrypt\$/);
      expect(row.passwordHash).not.toContain(t.config.demoPassword + "$");
    }
    const cookie = await t.cookieFor("admin");
    const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
    const stored = await t.ctx.db.select().from(sessions);
    expect(stored.some((s) => s.idHash === token)).toBe(false);
    expect(stored.some((s) => s.idHash === hashToken(token))).toBe(true);
  });
});

describe("demo role switch", () => {
  it("switches the session to the demo user of that role", async () => {
    const res = await t.request("POST", "/api/auth/demo-role", { as: "admin", body: { role: "Approver" } });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ username: "approver", role: "Approver" });
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(json(me)).toMatchObject({ username: "approver" });
  });

  it("is refused to an account that is not a demo account, so it cannot make itself Admin", async () => {
    const created = json<{ username: string; temporaryPassword: string }>(
      await t.request("POST", "/api/users", { as: "admin", body: { username: "vera", role: "Viewer" } }),
    );
    const cookie = await t.cookieFor("vera", created.temporaryPassword);
    await setPassword(cookie, created.temporaryPassword, "vera-own-password");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/demo-role",
      headers: { cookie },
      payload: { role: "Admin" },
    });
    expect(res.statusCode).toBe(403);
    expect(json<{ message: string }>(res).message).toMatch(/Only the demo accounts may switch roles/);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(json(me)).toMatchObject({ username: "vera", role: "Viewer" });
    expect(await demoModeWarnings(t.ctx)).toEqual([
      expect.stringMatching(/DEMO MODE IS ON while this database holds \d+ account/),
    ]);
  });

  it("rejects an unknown role with a message naming the field", async () => {
    const res = await t.request("POST", "/api/auth/demo-role", { as: "viewer", body: { role: "Overlord" } });
    expect(res.statusCode).toBe(400);
    expect(json<{ message: string }>(res).message).toContain("role");
  });
});

async function setPassword(cookie: string, current: string, next: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/password",
    headers: { cookie },
    payload: { currentPassword: current, newPassword: next },
  });
  expect(res.statusCode, res.body).toBe(204);
}

describe("one-time passwords", () => {
  it("allow nothing but setting a new password, then everything the role allows", async () => {
    const created = json<{ username: string; temporaryPassword: string }>(
      await t.request("POST", "/api/users", { as: "admin", body: { username: "omar", role: "Author" } }),
    );
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "omar", password: created.temporaryPassword },
    });
    expect(json(login)).toMatchObject({ username: "omar", mustChangePassword: true });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
    const refused = await get("/api/documents");
    expect(refused.statusCode).toBe(403);
    expect(json<{ message: string }>(refused).message).toBe(
      "Set a new password first: you signed in with a one-time password",
    );
    expect((await get("/api/events")).statusCode).toBe(403);
    expect(json(await get("/api/auth/user"))).toMatchObject({ mustChangePassword: true });

    await setPassword(cookie, created.temporaryPassword, "omar-chose-this");
    expect((await get("/api/documents")).statusCode).toBe(200);
    expect(json(await get("/api/auth/user"))).not.toHaveProperty("mustChangePassword");
  });

  it("a password change revokes the user's API tokens", async () => {
    const created = json<{ username: string; temporaryPassword: string }>(
      await t.request("POST", "/api/users", { as: "admin", body: { username: "tomas", role: "Author" } }),
    );
    const cookie = await t.cookieFor("tomas", created.temporaryPassword);
    await setPassword(cookie, created.temporaryPassword, "tomas-first-own");
    const made = await t.app.inject({
      method: "POST",
      url: "/api/auth/tokens",
      headers: { cookie },
      payload: { name: "laptop script" },
    });
    const { token } = json<{ token: string }>(made);
    const withToken = () =>
      t.app.inject({ method: "GET", url: "/api/documents", headers: { authorization: `Bearer ${token}` } });
    expect((await withToken()).statusCode).toBe(200);
    await setPassword(cookie, "tomas-first-own", "tomas-after-a-leak");
    expect((await withToken()).statusCode).toBe(401);
    const listed = await t.app.inject({ method: "GET", url: "/api/auth/tokens", headers: { cookie } });
    expect(json(listed)).toEqual([]);
  });
});

describe("password change", () => {
  it("needs the current password, then signs in with the new one only", async () => {
    const created = json<{ username: string; temporaryPassword: string }>(
      await t.request("POST", "/api/users", { as: "admin", body: { username: "dana", role: "Author" } }),
    );
    const cookie = await t.cookieFor("dana", created.temporaryPassword);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie },
      payload: { currentPassword: "nope", newPassword: "a-long-new-password" },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie },
      payload: { currentPassword: created.temporaryPassword, newPassword: "a-long-new-password" },
    });
    expect(ok.statusCode).toBe(204);
    expect((await login("dana", created.temporaryPassword)).statusCode).toBe(401);
    expect((await login("dana", "a-long-new-password")).statusCode).toBe(200);
  });
});
