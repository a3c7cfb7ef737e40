import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { CONVERSION_LIMITS } from "../../src/ingest/limits";
import { strToU8, unzipSync, zipSync } from "fflate";
import {
  deeplyNested,
  docxWithBody,
  longTokenText,
  manyPagePdf,
  paragraphsOfSize,
} from "../support/hostile-files";
import { healthBound, type HealthBound } from "../support/health-bound";
import { BASELINE_HANG_GUARD_MS, timed, within } from "../support/paced";
import { seededDataDir, signIn, startServer, type ServerProcess } from "./server-process";

/**
 * A restart in the middle of hostile work must come up and stay up: the process is killed while
 * it converts a zip bomb, a 20,000-page PDF, a DOCX nested 100,000 deep or one of 5,001 parts,
 * while it processes a document at the markdown cap or one of long tokens, and while it diffs two
 * versions of 100,000 lines; each restart answers /api/health at once, keeps answering, and the
 * accepted documents' processing ends (ready, or failed with a reason) instead of killing the
 * process again. A restart costs 3–5 s of CPU, so each kill lands on as much hostile work as runs
 * at once without queueing: two conversions (the pool's two threads) beside one processing job
 * (its text work has its own thread), and the diff (which shares that text thread, so it gets a
 * kill of its own). About a minute, most of it restarts.
 */
const dataDir = await seededDataDir("quire-hostile-restart-");
const running: ServerProcess[] = [];
const env = { DATA_DIR: dataDir, DEMO: "true", DEMO_DOCUMENTS: "false" };
const MB = 1024 * 1024;
/** The slowest health reply allowed (health-bound.ts: the first server's idle p95 and the machine's stall). */
let slowestAllowed: HealthBound;
/** The first start's time in this run, and the multiple of it a document's processing may take. */
let firstStartMs = Infinity;
const PROCESSING_FACTOR = 40;

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ server: ServerProcess; cookie: string; categoryId: string }> {
  // A restart (which also recovers the killed work) may take five times the first start.
  const server = await startServer(
    env,
    Number.isFinite(firstStartMs) ? 5 * firstStartMs : BASELINE_HANG_GUARD_MS,
  );
  running.push(server);
  const cookie = await signIn(server.baseUrl, "author");
  const categories = (await (
    await fetch(`${server.baseUrl}/api/categories`, { headers: { cookie } })
  ).json()) as Array<{ id: string }>;
  return { server, cookie, categoryId: categories[0]!.id };
}

type Session = Awaited<ReturnType<typeof start>>;

function upload(s: Session, name: string, bytes: Uint8Array, versionOf?: string) {
  const form = new FormData();
  if (versionOf) {
    form.set("changeNote", "hostile edit");
    form.set("expectedVersion", "1");
  } else {
    form.set("title", name);
    form.set("categoryId", s.categoryId);
  }
  form.set("file", new Blob([bytes]), name);
  const url = versionOf ? `/api/documents/${versionOf}/versions` : "/api/documents/upload";
  return fetch(`${s.server.baseUrl}${url}`, {
    method: "POST",
    headers: { cookie: s.cookie, origin: s.server.baseUrl },
    body: form,
  });
}

async function accepted(s: Session, name: string, bytes: Uint8Array, versionOf?: string): Promise<string> {
  const res = await upload(s, name, bytes, versionOf);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
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

/** Kills the server `afterMs` into `work` (each left unanswered), then starts it again. */
async function killDuring(
  s: Session,
  work: Array<() => Promise<unknown>>,
  afterMs: number,
): Promise<Session> {
  for (const w of work) void w().catch(() => undefined);
  await new Promise((r) => setTimeout(r, afterMs));
  await s.server.stop("SIGKILL");
  const restarted = await start();
  expect(await staysUp(restarted.server, 2_000)).toBeLessThan(await slowestAllowed.allowed());
  return restarted;
}

/** Waits, while /api/health keeps answering within the bound, until each document's processing ended. */
async function processed(s: Session, ids: string[]): Promise<void> {
  const deadline = Date.now() + PROCESSING_FACTOR * firstStartMs;
  for (const id of ids) {
    let processing: { state: string; error: string | null } = { state: "processing", error: null };
    while (processing.state === "processing" && Date.now() < deadline) {
      expect(await staysUp(s.server, 1_000)).toBeLessThan(await slowestAllowed.allowed());
      const res = await fetch(`${s.server.baseUrl}/api/documents/${id}`, { headers: { cookie: s.cookie } });
      ({ processing } = (await res.json()) as { processing: typeof processing });
    }
    expect(["ready", "failed"], id).toContain(processing.state);
    if (processing.state === "failed") expect(processing.error).toBeTruthy();
  }
}

describe("a restart during hostile work", () => {
  it(
    "comes up and stays up after a kill mid-conversion, mid-processing and mid-diff, and accepted files' jobs end",
    // Every wait is bounded by a multiple of the first start (paced.ts), the start by a hang guard.
    { timeout: 0 },
    async () => {
      const first = await timed(() => within(BASELINE_HANG_GUARD_MS, "the first start", start()));
      firstStartMs = first.ms;
      let s = first.value;
      const idle = s.server.baseUrl;
      slowestAllowed = await healthBound(() => fetch(`${idle}/api/health`).then((r) => r.arrayBuffer()));
      const count = async () =>
        (
          (await (
            await fetch(`${s.server.baseUrl}/api/documents/stats`, { headers: { cookie: s.cookie } })
          ).json()) as {
            total: number;
          }
        ).total;
      const before = await count();

      // Killed while converting: nothing was acknowledged, so nothing of those may appear after the
      // restart. Beside each pair, a document accepted just before is being processed (tags,
      // passages, the index) when the kill lands.
      const manyParts: Record<string, Uint8Array> = { ...unzipSync(docxWithBody("<w:p/>")) };
      for (let i = 0; i < 5_001; i++) manyParts[`word/media/p${i}.xml`] = strToU8("<x/>");
      const line = "Every supplier invoice above the threshold needs a second approval.\n";
      const big = Buffer.from(line.repeat(Math.floor(CONVERSION_LIMITS.maxMarkdownChars / line.length)));
      const rounds = [
        {
          processing: ["at-the-cap.txt", big],
          converting: [
            ["bomb.docx", docxWithBody(paragraphsOfSize(99 * MB))],
            ["pages.pdf", manyPagePdf(20_000)],
          ],
        },
        {
          processing: ["tokens.txt", Buffer.from(longTokenText())],
          converting: [
            ["deep.docx", docxWithBody(deeplyNested(100_000))],
            ["many-parts.docx", zipSync(manyParts)],
          ],
        },
      ] as const;
      const acceptedIds: string[] = [];
      for (const { processing, converting } of rounds) {
        const [name, bytes] = processing;
        const id = await accepted(s, name, bytes);
        acceptedIds.push(id);
        const session = s;
        const uploads = converting.map(
          ([file, hostile]) =>
            () =>
              upload(session, file, hostile),
        );
        s = await killDuring(s, uploads, 700);
        expect(await count(), converting.map(([file]) => file).join(", ")).toBe(before + acceptedIds.length);
        await processed(s, [id]);
      }

      // Killed while it diffs two versions of 100,000 lines (in its text-work thread).
      const lines = (prefix: string) =>
        Buffer.from(
          Array.from({ length: 100_000 }, (_, i) => `${prefix} line ${i} of the register`).join("\n"),
        );
      const register = await accepted(s, "register.md", lines("old"));
      await accepted(s, "register.md", lines("new"), register);
      const diff = () =>
        fetch(`${s.server.baseUrl}/api/documents/${register}/diff/1/2`, { headers: { cookie: s.cookie } });
      s = await killDuring(s, [diff], 700);
      expect((await diff()).status).toBe(200);
      await processed(s, [register]);

      expect(await count()).toBe(before + 3);
      await staysUp(s.server, 2_000);
    },
  );
});
