import { describe, expect, it } from "vitest";
import { appForFile } from "../../test/support/app-for-file";
import { json } from "../../test/support/harness";
import { ADMISSION_ROUTES, AdmissionGate, type AdmissionKind } from "./admission";

const t = appForFile();

/** Takes every place and every queue slot of a kind, as a flood of its requests would. */
async function fill(kind: AdmissionKind): Promise<() => void> {
  const gate = t.app.admission[kind];
  const releases: Array<() => void> = [];
  for (let i = 0; i < gate.limit.concurrency; i++) {
    const release = await gate.enter();
    if (!release) throw new Error("the gate was not empty");
    releases.push(release);
  }
  const queued = Array.from({ length: gate.limit.queue }, () => gate.enter());
  expect(gate.busy).toEqual({ running: gate.limit.concurrency, waiting: gate.limit.queue });
  return () => {
    for (const release of releases) release();
    // Each queued request gets its place in turn and gives it back.
    for (const entry of queued) void entry.then((release) => release?.());
  };
}

describe("admission control", () => {
  it("answers 503 with Retry-After at once when a kind's queue is full, while other kinds still answer", async () => {
    await t.cookieFor("author");
    const emptyAll = await fill("search");
    try {
      const started = performance.now();
      const refused = await t.request("GET", "/api/search?q=policy", { as: "author" });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers["retry-after"]).toBe(String(t.app.admission.search.limit.retryAfterSeconds));
      expect(json<{ message: string }>(refused).message).toMatch(/busy with searches; try again in \d+ s/);
      // At once: nothing waited for a place (an ordinary read here takes milliseconds).
      expect(performance.now() - started).toBeLessThan(1_000);

      expect((await t.request("GET", "/api/health")).statusCode).toBe(200);
      expect((await t.request("GET", "/api/documents", { as: "author" })).statusCode).toBe(200);
      expect((await t.request("GET", "/api/categories", { as: "author" })).statusCode).toBe(200);
    } finally {
      emptyAll();
    }
    await new Promise((r) => setImmediate(r));
    expect(t.app.admission.search.busy).toEqual({ running: 0, waiting: 0 });
    expect((await t.request("GET", "/api/search?q=policy", { as: "author" })).statusCode).toBe(200);
  });

  it("gives a request's place back when it is answered, whatever the answer", async () => {
    for (const kind of ["reads", "writes", "search", "ask", "upload"] as const) {
      expect(t.app.admission[kind].busy).toEqual({ running: 0, waiting: 0 });
    }
    expect((await t.request("GET", "/api/documents/nope", { as: "author" })).statusCode).toBe(404);
    expect((await t.request("GET", "/api/documents", { as: null })).statusCode).toBe(401);
    expect((await t.request("POST", "/api/ai/ask", { as: "author", body: {} })).statusCode).toBe(400);
    await new Promise((r) => setImmediate(r));
    for (const kind of ["reads", "writes", "search", "ask", "upload"] as const) {
      expect(t.app.admission[kind].busy).toEqual({ running: 0, waiting: 0 });
    }
  });

  it("names only routes that exist", () => {
    const routes = new Set(t.app.routeList.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(ADMISSION_ROUTES).filter((key) => !routes.has(key))).toEqual([]);
  });

  it("queues in order and refuses a request that waited too long", async () => {
    const gate = new AdmissionGate({ concurrency: 1, queue: 2, maxWaitMs: 50, retryAfterSeconds: 1 });
    const first = await gate.enter();
    const order: number[] = [];
    const second = gate.enter().then((release) => {
      order.push(2);
      return release;
    });
    const third = gate.enter().then((release) => {
      order.push(3);
      return release;
    });
    expect(await gate.enter()).toBeNull(); // the queue is full
    first?.();
    (await second)?.();
    (await third)?.();
    expect(order).toEqual([2, 3]);
    const holder = await gate.enter();
    expect(await gate.enter()).toBeNull(); // waited 50 ms
    holder?.();
    expect(gate.busy).toEqual({ running: 0, waiting: 0 });
  });
});
