import { describe, expect, it } from "vitest";
import { appForFile } from "../../test/support/app-for-file";
import { json } from "../../test/support/harness";
import { ADMISSION_ROUTES, AdmissionGate, SharedPlaces, type AdmissionKind } from "./admission";

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
      const gate = t.app.admission.search;
      const started = performance.now();
      const refused = await t.request("GET", "/api/search?q=policy", { as: "author" });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers["retry-after"]).toBe(String(gate.limit.retryAfterSeconds));
      expect(json<{ message: string }>(refused).message).toMatch(/busy with searches; try again in \d+ s/);
      // At once: it never joined the queue, and so did not wait out a queued request's time there.
      expect(gate.busy).toEqual({ running: gate.limit.concurrency, waiting: gate.limit.queue });
      expect(performance.now() - started).toBeLessThan(gate.limit.maxWaitMs);

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

  it("lets the sharing kinds run only as many at once as their shared places, and never takes a kind's own places", async () => {
    const shared = new SharedPlaces(2);
    const limit = { concurrency: 2, queue: 4, maxWaitMs: 10_000, retryAfterSeconds: 1 };
    const reads = new AdmissionGate({ ...limit, shared: true }, shared);
    const search = new AdmissionGate({ ...limit, shared: true }, shared);
    const uploads = new AdmissionGate(limit, shared);
    const r1 = await reads.enter();
    const r2 = await reads.enter();
    // Both shared places are taken: a search waits though its own kind runs nothing...
    const waitingSearch = search.enter();
    expect(search.busy).toEqual({ running: 0, waiting: 1 });
    // ...while uploads, with places of their own, start at once.
    const u1 = await uploads.enter();
    const u2 = await uploads.enter();
    expect(uploads.busy).toEqual({ running: 2, waiting: 0 });
    // The longest-waiting request of any sharing kind gets the place given back.
    const waitingRead = reads.enter();
    r1?.();
    const s1 = await waitingSearch;
    expect(search.busy).toEqual({ running: 1, waiting: 0 });
    expect(reads.busy).toEqual({ running: 1, waiting: 1 });
    r2?.();
    const r3 = await waitingRead;
    for (const release of [s1, r3, u1, u2]) release?.();
    expect(shared.running).toBe(0);
    for (const gate of [reads, search, uploads]) expect(gate.busy).toEqual({ running: 0, waiting: 0 });
  });
});
