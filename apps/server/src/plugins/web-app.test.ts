import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { serveWebApp } from "./web-app";

const root = mkdtempSync(path.join(tmpdir(), "quire-web-"));
const script = `export const greeting = ${JSON.stringify("Quire ".repeat(400))};\n`;
mkdirSync(path.join(root, "assets"));
writeFileSync(path.join(root, "index.html"), "<!doctype html><title>Quire</title>");
writeFileSync(path.join(root, "assets", "main-AbC123.js"), script);
writeFileSync(path.join(root, "assets", "main-AbC123.js.gz"), gzipSync(script));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function server() {
  const app = Fastify();
  await serveWebApp(app, root);
  return app;
}

describe("serving the built web app", () => {
  it("sends a hashed asset's gzip copy with a year's immutable cache", async () => {
    const app = await server();
    const res = await app.inject({
      url: "/assets/main-AbC123.js",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: "/assets/main-AbC123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("answers any page path with index.html, revalidated on every load; unknown API paths are JSON 404s", async () => {
    const app = await server();
    const page = await app.inject({ url: "/documents?sort=title" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body).toContain("<title>Quire</title>");
    const api = await app.inject({ url: "/api/nothing-here" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: "Not found: GET /api/nothing-here", code: "notFound" });
    expect((await app.inject({ url: "/assets/missing.js" })).statusCode).toBe(404);
  });
});
