import { beforeAll, describe, expect, it } from "vitest";
import type { Document } from "@quire/contracts";
import { TEXT_WORK_LIMITS } from "../lib/text-work";
import { appForFile } from "../../test/support/app-for-file";
import { json, multipart } from "../../test/support/harness";
import { longTokenText } from "../../test/support/hostile-files";
import { healthBound, type HealthBound } from "../../test/support/health-bound";
import { whileServing } from "../../test/support/while-serving";

/**
 * Work on a hostile document's text: every reader can ask for a diff, its
 * analysis, a summary and the improvement checks of any document they see, so each must stay
 * bounded on the worst text an upload may hold, and /api/health must keep answering meanwhile.
 */
const t = appForFile();
let categoryId: string;
/** The slowest health reply allowed while hostile work runs (health-bound.ts: this run's idle p95 and the machine's stall). */
let slowestAllowed: HealthBound;
beforeAll(async () => {
  categoryId = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }))[0]!.id;
  slowestAllowed = await healthBound(() => t.request("GET", "/api/health"));
});

const MB = 1024 * 1024;

async function upload(name: string, text: string): Promise<string> {
  const { body, headers } = multipart({ title: "", categoryId }, { name, bytes: Buffer.from(text) });
  const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  return json<Document>(res).id;
}

async function addVersion(id: string, name: string, text: string, expectedVersion: number) {
  const { body, headers } = multipart(
    { changeNote: "hostile edit", expectedVersion: String(expectedVersion) },
    { name, bytes: Buffer.from(text) },
  );
  const res = await t.request("POST", `/api/documents/${id}/versions`, { as: "author", body, headers });
  expect(res.statusCode, res.body).toBe(201);
}

describe("long tokens", () => {
  it("a document of long runs without spaces is summarised, checked and compared while /api/health answers", async () => {
    // The shapes that made the old e-mail, link and emphasis patterns quadratic, each one run of
    // 100,000 characters (half a million in all): past what the server analyses on its event loop.
    const run = 100_000;
    const text = (tail: string) =>
      [
        "a".repeat(run),
        `${"x.".repeat(run / 2)}@`,
        "a@".repeat(run / 2),
        "[".repeat(run / 2) + "]".repeat(run / 2),
        `${"*_".repeat(run / 2 - tail.length)}${tail}`,
      ].join("\n");
    expect(text("one").length).toBeGreaterThan(TEXT_WORK_LIMITS.inlineChars);

    const { result: id, slowestHealth: uploading } = await whileServing(t, () =>
      upload("tokens.txt", text("one")),
    );
    expect(uploading).toBeLessThan(await slowestAllowed.allowed());
    // Processing (tags, search index) runs as a background job; it must end, ready or failed.
    await t.runner.runUntilIdle();
    const doc = json<Document>(await t.request("GET", `/api/documents/${id}`, { as: "author" }));
    expect(["ready", "failed"]).toContain(doc.processing.state);

    await addVersion(id, "tokens.txt", text("two"), 1);
    for (const url of [
      `/api/documents/${id}/improvements`,
      `/api/documents/${id}/summary`,
      `/api/documents/${id}/diff/1/2`,
      `/api/documents/${id}/diff/1/2/analysis`,
    ]) {
      const { result, slowestHealth } = await whileServing(t, () => t.request("GET", url, { as: "author" }));
      expect(result.statusCode, `${url}: ${result.body.slice(0, 200)}`).toBe(200);
      expect(slowestHealth, url).toBeLessThan(await slowestAllowed.allowed());
    }
  }, 180_000);
});

describe("processing jobs", () => {
  it("index a 1M-character long-token document and a 5M-character one while /api/health answers", async () => {
    // The second file at the markdown cap.
    const tokens = longTokenText();
    const line = "Every supplier invoice above the threshold needs a second approval.\n";
    const ids = [
      await upload("tokens.txt", tokens),
      await upload(
        "at-the-cap.txt",
        `${line.repeat(Math.floor(4_999_000 / line.length))}Closing zanzibar.\n`,
      ),
    ];
    // Tags, chunking, embedding and writing thousands of passages (PGlite runs its SQL on this
    // thread): before, one slice of it held the event loop 28 s.
    const { result: jobs, slowestHealth } = await whileServing(t, () => t.runner.runUntilIdle());
    expect(jobs).toBeGreaterThanOrEqual(2);
    expect(slowestHealth).toBeLessThan(await slowestAllowed.allowed());
    for (const id of ids) {
      const doc = json<Document>(await t.request("GET", `/api/documents/${id}`, { as: "author" }));
      expect(doc.processing.state).toBe("ready");
    }
    // The whole text was indexed, to its last line.
    const found = await t.request("GET", "/api/search?q=zanzibar", { as: "author" });
    expect(found.statusCode, found.body.slice(0, 200)).toBe(200);
    const results = json<Array<{ document: { id: string }; passage?: { ordinal: number } }>>(found);
    expect(results.map((r) => r.document.id)).toEqual([ids[1]]);
    expect(results[0]?.passage?.ordinal).toBeGreaterThan(2_000);
  }, 180_000);
});

describe("100k-line versions", () => {
  it("are diffed and sent capped, saying so, while /api/health answers, however often asked", async () => {
    const lines = (prefix: string) =>
      Array.from({ length: 100_000 }, (_, i) => `${prefix} line ${i} of the register`).join("\n");
    const id = await upload("register.md", lines("old"));
    await addVersion(id, "register.md", lines("new"), 1);

    const { result: first, slowestHealth } = await whileServing(t, () =>
      t.request("GET", `/api/documents/${id}/diff/1/2`, { as: "author" }),
    );
    expect(first.statusCode).toBe(200);
    expect(slowestHealth).toBeLessThan(await slowestAllowed.allowed());
    // Any reader may repeat it: the work runs in a worker thread, so a repeat costs no one else.
    const { result: diff, slowestHealth: repeated } = await whileServing(t, () =>
      t.request("GET", `/api/documents/${id}/diff/1/2`, { as: "author" }),
    );
    expect(repeated).toBeLessThan(await slowestAllowed.allowed());
    expect(diff.body).toBe(first.body);
    expect(diff.body.length).toBeLessThan(5 * MB);
    const answer = json<{
      truncated: boolean;
      truncatedReason: string;
      sideBySide: unknown[];
      stats: { added: number };
    }>(diff);
    expect(answer.truncated).toBe(true);
    expect(answer.truncatedReason).toMatch(/cut after its first 5,000 of/);
    expect(answer.sideBySide).toHaveLength(5_000);
    expect(answer.stats.added).toBe(100_000);

    // The Diff page's analysis reads the same two versions.
    const { result: analysis, slowestHealth: analysing } = await whileServing(t, () =>
      t.request("GET", `/api/documents/${id}/diff/1/2/analysis`, { as: "author" }),
    );
    expect(analysis.statusCode, analysis.body.slice(0, 200)).toBe(200);
    expect(analysing).toBeLessThan(await slowestAllowed.allowed());
  }, 120_000);
});
