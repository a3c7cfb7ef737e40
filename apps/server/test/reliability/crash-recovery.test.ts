import { createHash } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { BASELINE_HANG_GUARD_MS, timed, within } from "../support/paced";
import { seededDataDir, signIn, startServer, type ServerProcess } from "./server-process";

const fixture = (name: string) => readFileSync(new URL(`../../test-fixtures/${name}`, import.meta.url));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const dataDir = await seededDataDir("quire-crash-");
const running: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  rmSync(dataDir, { recursive: true, force: true });
});

async function uploadFile(
  server: ServerProcess,
  cookie: string,
  categoryId: string,
  name: string,
  bytes: Uint8Array,
) {
  const form = new FormData();
  form.set("title", name);
  form.set("categoryId", categoryId);
  form.set("file", new Blob([bytes]), name);
  const res = await fetch(`${server.baseUrl}/api/documents/upload`, {
    method: "POST",
    headers: { cookie, origin: server.baseUrl },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; processing: { state: string } };
}

/**
 * Each step may take a multiple of the first server's start in this run (paced.ts): on a quiet
 * machine that start takes a few seconds, the restart about as long, and the interrupted OCR job
 * seconds more; at a load of 30 all of it took several times longer, past the fixed limits.
 */
const RESTART_FACTOR = 5;
const STEP_FACTOR = 5;
const RECOVERY_FACTOR = 30;

describe("a SIGKILL during processing", () => {
  it(
    "loses no acknowledged upload, and the interrupted job completes after a restart",
    { timeout: 0 },
    async () => {
      const env = { DATA_DIR: dataDir, DEMO: "true", DEMO_DOCUMENTS: "false" };
      const { value: first, ms: startMs } = await timed(() => startServer(env, BASELINE_HANG_GUARD_MS));
      running.push(first);
      const step = <T>(what: string, work: Promise<T>) => within(STEP_FACTOR * startMs, what, work);
      const cookie = await step("signing in", signIn(first.baseUrl, "author"));
      const categories = (await step(
        "listing categories",
        fetch(`${first.baseUrl}/api/categories`, { headers: { cookie } }).then((r) => r.json()),
      )) as Array<{ id: string }>;
      const categoryId = categories[0]!.id;

      const scanned = fixture("scanned-page.pdf");
      const text = fixture("dpkg-triggers.txt");
      const slow = await step(
        "uploading the scanned page",
        uploadFile(first, cookie, categoryId, "scanned-page.pdf", scanned),
      );
      const quick = await step(
        "uploading the text",
        uploadFile(first, cookie, categoryId, "dpkg-triggers.txt", text),
      );
      // OCR of the scanned page takes seconds, so the kill lands while its job is running.
      expect(slow.processing.state).toBe("processing");
      await new Promise((r) => setTimeout(r, 500));
      await first.stop("SIGKILL");

      const second = await startServer(env, RESTART_FACTOR * startMs);
      running.push(second);
      const cookie2 = await step("signing in after the restart", signIn(second.baseUrl, "author"));
      const get = async (id: string) =>
        (await step(
          "reading the document",
          fetch(`${second.baseUrl}/api/documents/${id}`, { headers: { cookie: cookie2 } }).then((r) =>
            r.json(),
          ),
        )) as {
          processing: { state: string };
          currentVersion: { content: string };
        };
      const deadline = Date.now() + RECOVERY_FACTOR * startMs;
      let doc = await get(slow.id);
      while (doc.processing.state === "processing" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 500));
        doc = await get(slow.id);
      }
      expect(doc.processing.state).toBe("ready");
      expect(doc.currentVersion.content).toMatch(/Shared MIME-info Database/i);

      for (const [id, bytes] of [
        [slow.id, scanned],
        [quick.id, text],
      ] as const) {
        const original = await step(
          "reading an original back",
          fetch(`${second.baseUrl}/api/documents/${id}/versions/1/original`, {
            headers: { cookie: cookie2 },
          }),
        );
        expect(original.status).toBe(200);
        expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(sha256(bytes));
      }
      await second.stop();
    },
  );
});
