import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthBound, type HealthBound } from "../../../test/support/health-bound";
import { createTestApp, json, multipart, type TestApp } from "../../../test/support/harness";

interface ReceivedEvent {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

/**
 * A signed-in browser's EventSource (or, with `bearer`, a script's stream opened with an API
 * token), read with fetch: collects events as they arrive.
 */
async function connect(t: TestApp, baseUrl: string, username: string, bearer?: string) {
  const cookie = await t.cookieFor(username);
  const controller = new AbortController();
  const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : { cookie };
  const res = await fetch(`${baseUrl}/api/events`, { headers, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
  const received: ReceivedEvent[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data)
            received.push({ event, data: JSON.parse(data) as Record<string, unknown>, at: Date.now() });
        }
      }
    } catch {
      // aborted at the end of the test
    }
  })();
  let ended = false;
  void reader.closed.then(() => (ended = true)).catch(() => undefined);
  return { received, close: () => controller.abort(), ended: () => ended, cookie };
}

/**
 * What this run allows for a push (health-bound.ts): about a second on a quiet machine, more while
 * the machine is busy. Measured against each describe's server as it starts.
 */
let bound: HealthBound;
/** Only stops a hang; how long the wait took is checked against the bound. */
const HANG_GUARD_MS = 20_000;

/** Waits for `check` to hold and fails unless it did within the bound; answers how long it took. */
async function until(check: () => boolean): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > HANG_GUARD_MS) throw new Error(`not within ${HANG_GUARD_MS} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const took = Date.now() - started;
  const allowed = await bound.allowed(started);
  if (took > allowed)
    throw new Error(`took ${took} ms, more than the ${Math.round(allowed)} ms this run allows`);
  return took;
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return `http://127.0.0.1:${address.port}`;
}

async function uploadDraft(t: TestApp, title: string): Promise<string> {
  const categories = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "author" }));
  const { body, headers } = multipart(
    { categoryId: categories[0]!.id, title, allowDuplicate: "true" },
    { name: "policy.md", bytes: Buffer.from(`# ${title}\n\nText.\n`) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  expect(res.statusCode).toBe(201);
  return json<{ id: string }>(res).id;
}

describe("live events", () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t);
    bound = await healthBound(() => fetch(`${baseUrl}/api/health`));
  });
  afterAll(async () => t.close());

  it("needs a session", async () => {
    expect((await fetch(`${baseUrl}/api/events`)).status).toBe(401);
  });

  it("pushes a transition to the users it concerns at once (health-bound.ts), and nothing about a private draft to others", async () => {
    const author = await connect(t, baseUrl, "author");
    const reviewer = await connect(t, baseUrl, "reviewer");
    const viewer = await connect(t, baseUrl, "viewer");
    await until(() => t.hub.size === 3);

    const id = await uploadDraft(t, "Live policy");
    await until(() =>
      author.received.some((e) => e.event === "document.changed" && e.data.documentId === id),
    );

    // The viewer may not see the draft, so it hears nothing of it while it is one.
    await new Promise((r) => setTimeout(r, 200));
    expect(viewer.received.filter((e) => e.data.documentId === id)).toHaveLength(0);

    const submittedAt = Date.now();
    const submit = await t.request("POST", `/api/documents/${id}/submit-review`, { as: "author", body: {} });
    expect(submit.statusCode, submit.body).toBe(201);
    await until(() => reviewer.received.some((e) => e.event === "notification.created"));
    await until(() =>
      reviewer.received.some((e) => e.event === "approval.changed" && e.data.documentId === id),
    );
    const notified = reviewer.received.find((e) => e.event === "notification.created")!;
    expect(notified.at - submittedAt).toBeLessThan(await bound.allowed(submittedAt));

    // Once In Review the document is visible to every signed-in user, and the viewer hears of it.
    await until(() => viewer.received.some((e) => e.data.documentId === id));
    for (const c of [author, reviewer, viewer]) c.close();
    await until(() => t.hub.size === 0);
  });

  it("goes by the role a user holds now: a stream opened as Admin hears nothing of a private draft once demoted", async () => {
    const users = json<Array<{ id: string; username: string }>>(
      await t.request("GET", "/api/users", { as: "admin" }),
    );
    const viewerId = users.find((u) => u.username === "viewer")!.id;
    const setRole = async (role: string) => {
      const res = await t.request("PATCH", `/api/users/${viewerId}`, { as: "admin", body: { role } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setRole("Admin");
    const demoted = await connect(t, baseUrl, "viewer");
    const author = await connect(t, baseUrl, "author");
    await until(() => t.hub.size === 2);
    try {
      await setRole("Viewer");
      const id = await uploadDraft(t, "Draft after a demotion");
      await until(() => author.received.some((e) => e.data.documentId === id));
      await new Promise((r) => setTimeout(r, 200));
      expect(demoted.received.filter((e) => e.data.documentId === id)).toHaveLength(0);
    } finally {
      await setRole("Viewer");
      demoted.close();
      author.close();
      await until(() => t.hub.size === 0);
    }
  });

  it("tells every open page that access changed, naming nothing, when a category's list changes", async () => {
    const viewer = await connect(t, baseUrl, "viewer");
    const author = await connect(t, baseUrl, "author");
    await until(() => t.hub.size === 2);
    const categories = json<Array<{ id: string }>>(
      await t.request("GET", "/api/categories", { as: "admin" }),
    );
    const category = categories[categories.length - 1]!;
    try {
      const res = await t.request("PUT", `/api/categories/${category.id}/access`, {
        as: "admin",
        body: { everyone: "none", groups: [] },
      });
      expect(res.statusCode, res.body).toBe(200);
      for (const c of [viewer, author]) {
        await until(() => c.received.some((e) => e.event === "access.changed"));
        expect(c.received.find((e) => e.event === "access.changed")!.data).toEqual({
          type: "access.changed",
        });
      }
      // A refused change announces nothing.
      const count = viewer.received.length;
      const refused = await t.request("PUT", `/api/categories/${category.id}/access`, {
        as: "author",
        body: { everyone: "edit", groups: [] },
      });
      expect(refused.statusCode).toBe(403);
      await new Promise((r) => setTimeout(r, 200));
      expect(viewer.received.length).toBe(count);
    } finally {
      await t.request("PUT", `/api/categories/${category.id}/access`, {
        as: "admin",
        body: { everyone: "edit", groups: [] },
      });
      viewer.close();
      author.close();
      await until(() => t.hub.size === 0);
    }
  });

  it("ends a stream when its sign-in ends: at logout, and for other sessions at a password change", async () => {
    const viewer = await connect(t, baseUrl, "viewer");
    const reviewer = await connect(t, baseUrl, "reviewer");
    await until(() => t.hub.size === 2);
    const logout = await fetch(`${baseUrl}/api/auth/logout`, {
      method: "POST",
      headers: { cookie: viewer.cookie, origin: baseUrl },
    });
    expect(logout.status).toBe(204);
    await until(() => viewer.ended());
    expect(reviewer.ended()).toBe(false);

    // The reviewer changes the password from another sign-in: the stream's session ends with it.
    const other = await fetch(`${baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ username: "reviewer", password: t.config.demoPassword }),
    });
    const otherCookie = other.headers.get("set-cookie")!.split(";")[0]!;
    const changed = await fetch(`${baseUrl}/api/auth/password`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: otherCookie, origin: baseUrl },
      body: JSON.stringify({ currentPassword: t.config.demoPassword, newPassword: "reviewer-new-password" }),
    });
    expect(changed.status).toBe(204);
    await until(() => reviewer.ended());
    await until(() => t.hub.size === 0);
    t.forgetSessions();
  });

  it("ends a stream opened with an API token when the token is revoked, and at a password change", async () => {
    const makeToken = async (name: string) => {
      const made = await t.request("POST", "/api/auth/tokens", { as: "approver", body: { name } });
      expect(made.statusCode, made.body).toBe(201);
      return json<{ id: string; token: string }>(made);
    };
    const revoked = await makeToken("watcher");
    const kept = await makeToken("other script");
    const byRevoked = await connect(t, baseUrl, "approver", revoked.token);
    const byKept = await connect(t, baseUrl, "approver", kept.token);
    await until(() => t.hub.size === 2);
    expect((await t.request("DELETE", `/api/auth/tokens/${revoked.id}`, { as: "approver" })).statusCode).toBe(
      204,
    );
    await until(() => byRevoked.ended());
    expect(byKept.ended()).toBe(false);

    // A password change revokes every token of the user: their streams end with them.
    const changed = await t.request("POST", "/api/auth/password", {
      as: "approver",
      body: { currentPassword: t.config.demoPassword, newPassword: "approver-new-password" },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    await until(() => byKept.ended());
    await until(() => t.hub.size === 0);
    t.forgetSessions();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("live events across server processes (PostgreSQL)", () => {
  let first: TestApp;
  let second: TestApp;
  let secondUrl: string;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ shareDatabaseOf: first, seeders: [] });
    secondUrl = await listen(second);
    bound = await healthBound(() => fetch(`${secondUrl}/api/health`));
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("reaches a client of another server at once (health-bound.ts) after a change made through the first", async () => {
    const author = await connect(second, secondUrl, "author");
    await until(() => second.hub.size === 1);
    const started = Date.now();
    const id = await uploadDraft(first, "Cross-process policy");
    await until(() =>
      author.received.some((e) => e.event === "document.changed" && e.data.documentId === id),
    );
    expect(Date.now() - started).toBeLessThan(await bound.allowed(started));
    author.close();
  });
});
