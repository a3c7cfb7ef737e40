import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createThrowawayDatabase } from "../support/harness";
import { openEventStream } from "./event-stream";
import { signIn, startServer, startWorker, type ServerProcess, type WorkerProcess } from "./server-process";

// Scale-out needs a PostgreSQL server; CI's PostgreSQL pass sets TEST_DATABASE_URL.
const serverUrl = process.env.TEST_DATABASE_URL;
/** How many files the test uploads; `npm run reliability` raises it. */
const uploads = Number(process.env.SCALE_OUT_UPLOADS ?? 4);
const fixture = (name: string) => readFileSync(new URL(`../../test-fixtures/${name}`, import.meta.url));

const processes: Array<ServerProcess | WorkerProcess> = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop("SIGKILL")));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function upload(baseUrl: string, cookie: string, categoryId: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set("title", name);
  form.set("categoryId", categoryId);
  // The same two files are uploaded again and again: each time as a new document, not a duplicate.
  form.set("allowDuplicate", "true");
  form.set("file", new Blob([bytes]), name);
  const res = await fetch(`${baseUrl}/api/documents/upload`, {
    method: "POST",
    headers: { cookie, origin: baseUrl },
    body: form,
  });
  // An API process without the job runner stores the file and answers at once; a worker converts it.
  expect(res.status, await res.clone().text()).toBe(202);
  return ((await res.json()) as { id: string }).id;
}

async function getJson<T>(baseUrl: string, cookie: string, route: string): Promise<T> {
  const res = await fetch(`${baseUrl}${route}`, { headers: { cookie } });
  expect(res.status, route).toBe(200);
  return (await res.json()) as T;
}

describe.skipIf(!serverUrl)("scale-out: two API processes and two workers on one PostgreSQL", () => {
  it(
    "an upload through the first API is processed by a worker, found by search and pushed as an event through the second",
    { timeout: 300_000 },
    async () => {
      const database = await createThrowawayDatabase(serverUrl!);
      cleanups.push(database.drop);
      const dataDir = (name: string) => {
        const dir = mkdtempSync(path.join(tmpdir(), `quire-scale-${name}-`));
        cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
        return dir;
      };
      // Originals in PostgreSQL and one session secret: any process can serve any request.
      const shared = {
        DATABASE_URL: database.url,
        BLOB_STORE: "db",
        SESSION_SECRET: randomBytes(32).toString("hex"),
        DEMO: "true",
      };
      const api1 = await startServer({ ...shared, WORKER: "false", DATA_DIR: dataDir("api1") });
      processes.push(api1);
      const api2 = await startServer({ ...shared, WORKER: "false", DATA_DIR: dataDir("api2") });
      processes.push(api2);
      for (const name of ["worker1", "worker2"]) {
        processes.push(await startWorker({ ...shared, DATA_DIR: dataDir(name) }));
      }

      // A session made by the first process is honoured by the second.
      const cookie = await signIn(api1.baseUrl, "author");
      const stream = await openEventStream(api2.baseUrl, cookie);
      cleanups.push(() => stream.close());
      const [category] = await getJson<Array<{ id: string }>>(api2.baseUrl, cookie, "/api/categories");

      const text = fixture("dpkg-triggers.txt");
      const docx = fixture("base-passwd.docx");
      const ids: string[] = [];
      for (let i = 0; i < uploads; i++) {
        const [name, bytes] = i % 2 === 0 ? ["dpkg-triggers.txt", text] : ["base-passwd.docx", docx];
        ids.push(await upload(api1.baseUrl, cookie, category!.id, `${i}-${name}`, bytes));
      }

      // Neither API process runs jobs, so "ready" can only come from a worker, which converts the
      // file and processes its text; the change reaches the second API's stream through NOTIFY.
      for (const id of ids) {
        for (;;) {
          await stream.next((e) => e.type === "document.changed" && e.data.documentId === id, 120_000);
          const doc = await getJson<{ processing: { state: string } }>(
            api2.baseUrl,
            cookie,
            `/api/documents/${id}`,
          );
          if (doc.processing.state === "ready") break;
          expect(doc.processing.state).toBe("processing");
        }
      }

      const found = await getJson<Array<{ document: { id: string } }>>(
        api2.baseUrl,
        cookie,
        "/api/search?q=scrollkeeper",
      );
      const foundIds = new Set(found.map((r) => r.document.id));
      for (const [i, id] of ids.entries())
        if (i % 2 === 0) expect(foundIds.has(id), `upload ${i} found`).toBe(true);
      const original = await fetch(`${api2.baseUrl}/api/documents/${ids[0]}/versions/1/original`, {
        headers: { cookie },
      });
      expect(Buffer.from(await original.arrayBuffer()).equals(text)).toBe(true);

      // SKIP LOCKED: two workers never ran the same job twice, and nothing is left behind.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      // Processing queues follow-up jobs (indexing, the model refit): wait for the queue to drain.
      const deadline = Date.now() + 120_000;
      const pending = async () =>
        (
          await client.query<{ status: string; attempts: number }>(
            "select distinct status, attempts from jobs order by status, attempts",
          )
        ).rows;
      let rows = await pending();
      while (rows.some((r) => r.status === "queued" || r.status === "running") && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        rows = await pending();
      }
      await client.end();
      expect(rows).toEqual([{ status: "done", attempts: 1 }]);
    },
  );
});
