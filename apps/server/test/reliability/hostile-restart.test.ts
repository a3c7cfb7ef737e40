import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONVERSION_LIMITS } from "../../src/ingest/limits";
import { docxWithBody, manyPagePdf, paragraphsOfSize } from "../support/hostile-files";
import { signIn, startServer, type ServerProcess } from "./server-process";

/**
 * A restart in the middle of hostile work must come up and stay up: the process is killed while
 * it converts a zip bomb or a 20,000-page PDF, and while it indexes a document at the markdown
 * cap; each restart answers /api/health at once, keeps answering, and the accepted document's
 * processing ends (ready or failed with a reason) instead of killing the process again.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "quire-hostile-restart-"));
const running: ServerProcess[] = [];
const env = { DATA_DIR: dataDir, DEMO: "true" };
const MB = 1024 * 1024;

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ server: ServerProcess; cookie: string; categoryId: string }> {
  const server = await startServer(env);
  running.push(server);
  const cookie = await signIn(server.baseUrl, "author");
  const categories = (await (
    await fetch(`${server.baseUrl}/api/categories`, { headers: { cookie } })
  ).json()) as Array<{ id: string }>;
  return { server, cookie, categoryId: categories[0]!.id };
}

function upload(
  s: { server: ServerProcess; cookie: string; categoryId: string },
  name: string,
  bytes: Uint8Array,
) {
  const form = new FormData();
  form.set("title", name);
  form.set("categoryId", s.categoryId);
  form.set("file", new Blob([bytes]), name);
  return fetch(`${s.server.baseUrl}/api/documents/upload`, {
    method: "POST",
    headers: { cookie: s.cookie },
    body: form,
  });
}

/** Asks /api/health every 100 ms for `ms`, answering the slowest reply; any failure throws. */
async function staysUp(server: ServerProcess, ms: number): Promise<number> {
  let slowest = 0;
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const asked = performance.now();
    const res = await fetch(`${server.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    slowest = Math.max(slowest, performance.now() - asked);
    expect(server.child.exitCode).toBeNull();
    await new Promise((r) => setTimeout(r, 100));
  }
  return slowest;
}

describe("a restart during hostile work", () => {
  it(
    "comes up and stays up after a kill mid-conversion and mid-indexing, and the accepted file's job ends",
    { timeout: 300_000 },
    async () => {
      let s = await start();
      const count = async () =>
        (
          (await (
            await fetch(`${s.server.baseUrl}/api/documents/stats`, { headers: { cookie: s.cookie } })
          ).json()) as {
            total: number;
          }
        ).total;
      const before = await count();

      // Killed while converting: nothing was acknowledged, so nothing may appear after the restart.
      for (const [name, bytes] of [
        ["bomb.docx", docxWithBody(paragraphsOfSize(99 * MB))],
        ["pages.pdf", manyPagePdf(20_000)],
      ] as const) {
        void upload(s, name, bytes).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 700));
        await s.server.stop("SIGKILL");
        s = await start();
        expect(await staysUp(s.server, 2_000)).toBeLessThan(1_000);
        expect(await count()).toBe(before);
      }

      // Accepted at the cap, then killed while its processing job indexes it.
      const line = "Every supplier invoice above the threshold needs a second approval.\n";
      const big = Buffer.from(line.repeat(Math.floor(CONVERSION_LIMITS.maxMarkdownChars / line.length)));
      const res = await upload(s, "at-the-cap.txt", big);
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      await new Promise((r) => setTimeout(r, 500));
      await s.server.stop("SIGKILL");
      s = await start();

      const deadline = Date.now() + 180_000;
      let state = "processing";
      while (state === "processing" && Date.now() < deadline) {
        expect(await staysUp(s.server, 1_000)).toBeLessThan(1_000);
        const doc = (await (
          await fetch(`${s.server.baseUrl}/api/documents/${id}`, { headers: { cookie: s.cookie } })
        ).json()) as { processing: { state: string } };
        state = doc.processing.state;
      }
      expect(["ready", "failed"]).toContain(state);
      expect(await count()).toBe(before + 1);
      await staysUp(s.server, 2_000);
    },
  );
});
