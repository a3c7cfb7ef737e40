import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, logRedactions } from "../app";
import { bootstrap } from "../bootstrap/bootstrap";
import { loadConfig } from "../config";
import { createContext, type AppContext } from "../context";
import { openDatabase, type DatabaseHandle } from "../db/client";
import type { EventHub } from "../modules/events/hub";
import { startEventHub } from "../services";
import { subscribers } from "../subscribers";
import { pgliteSnapshot } from "../../test/support/db-snapshot";
import type { FastifyInstance } from "fastify";

// A real logger at debug level, as an operator might run it, writing to memory.
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
const sessionSecret = "s".repeat(24) + "-never-in-a-log-line";
let database: DatabaseHandle;
let app: FastifyInstance;
let ctx: AppContext;
let hub: EventHub;

beforeAll(async () => {
  database = await openDatabase({ memory: true, snapshot: await pgliteSnapshot() });
  const config = loadConfig({ NODE_ENV: "test", DEMO: "true", DATA_DIR: "/nonexistent-quire-test" });
  ctx = createContext({ config, database, sessionSecret, subscribers });
  hub = await startEventHub(ctx);
  app = await buildApp(ctx, {
    hub,
    logger: { level: "debug", stream: sink, redact: { paths: logRedactions, censor: "[redacted]" } },
  });
  await bootstrap(ctx, []);
});
afterAll(async () => {
  await app.close();
  await hub.stop();
  await ctx.close();
  await database.close();
});

describe("security headers", () => {
  it("every answer carries a CSP without inline scripts, nosniff and frame protection", async () => {
    for (const url of ["/api/health", "/api/documents", "/"]) {
      const res = await app.inject({ url });
      const csp = String(res.headers["content-security-policy"]);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
      expect(scriptSrc, url).toBe("'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
  });
});

describe("log lines", () => {
  it("never hold a password, a one-time password, a session token or the session secret", async () => {
    const wrong = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: "http://localhost" },
      payload: { username: "admin", password: "Wr0ng-Passw0rd-In-A-Log?" },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: "http://localhost" },
      payload: { username: "admin", password: "demo" },
    });
    expect(right.statusCode).toBe(200);
    const cookie = right.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const token = right.cookies[0]!.value;
    const created = await app.inject({
      method: "POST",
      url: "/api/users",
      headers: { cookie, origin: "http://localhost" },
      payload: { username: "new.hire", role: "Author" },
    });
    expect(created.statusCode).toBe(201);
    const { temporaryPassword } = created.json<{ temporaryPassword: string }>();
    await app.inject({ url: "/api/documents", headers: { cookie } });

    const log = lines.join("");
    expect(lines.length).toBeGreaterThan(4);
    for (const secret of ["Wr0ng-Passw0rd-In-A-Log?", temporaryPassword, token, sessionSecret]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/"password":"demo"/);
  });
});
