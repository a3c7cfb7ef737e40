import type { Document, SearchResult } from "@quire/contracts";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/rows";
import { claimJob, enqueueJob } from "../../jobs/queue";
import { processedDemoArchiveForFile } from "../../../test/support/demo-archive";
import { json, multipart } from "../../../test/support/harness";
import { passagesBySpace } from "../../../test/support/embedding-spaces";
import { loadModelHeader } from "./embeddings";
import { REFIT_MODEL_JOB, refitModel } from "./indexer";
import { reindexAll } from "./reindex";
import { searchPassages } from "./service";

const t = processedDemoArchiveForFile();
let categoryIds: string[];

beforeAll(async () => {
  const categories = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }));
  categoryIds = categories.map((c) => c.id);
});

async function upload(
  as: string,
  title: string,
  markdown: string,
  categoryId = categoryIds[0]!,
): Promise<string> {
  const { body, headers } = multipart(
    { title, categoryId, allowDuplicate: "true" },
    { name: "doc.md", bytes: Buffer.from(markdown) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as, body, headers });
  expect(res.statusCode).toBe(201);
  return json<Document>(res).id;
}

async function search(as: string, params: Record<string, string>): Promise<SearchResult[]> {
  const res = await t.request("GET", `/api/search?${new URLSearchParams(params)}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return json<SearchResult[]>(res);
}

const titlesOf = (results: SearchResult[]) => results.map((r) => r.document.title).sort();

describe("GET /api/search", () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = {
      phrase: await upload(
        "admin",
        "Zephyr budget review",
        "# Plan\n\nThe quarterly budget review of zephyr happens in March.",
      ),
      scattered: await upload(
        "admin",
        "Zephyr scattered",
        "# Notes\n\nReview the zephyr plan; the budget is quarterly.",
      ),
      other: await upload(
        "admin",
        "Quintavo guide",
        "# Guide\n\nQuintavo is a different subject entirely.",
        categoryIds[1],
      ),
    };
    await t.runner.runUntilIdle();
  });

  it("answers 400 naming q when the query is blank or missing", async () => {
    for (const url of ["/api/search?q=%20%20", "/api/search", "/api/search?q=a%00b"]) {
      const res = await t.request("GET", url, { as: "admin" });
      expect(res.statusCode).toBe(400);
      expect(json<{ message: string }>(res).message).toMatch(/\bq\b/);
    }
    expect((await t.request("GET", "/api/search?q=a&category=x%00", { as: "admin" })).statusCode).toBe(400);
  });

  it("finds documents by their words, best first, one entry each, with a 0..1 score and marked excerpt", async () => {
    const results = await search("admin", { q: "zephyr budget" });
    expect(titlesOf(results.slice(0, 2))).toEqual(["Zephyr budget review", "Zephyr scattered"]);
    const scores = results.map((r) => r.relevanceScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const score of scores) expect(score > 0 && score <= 1).toBe(true);
    expect(results[0]!.highlightedExcerpt).toContain("<mark>budget</mark>");
    expect(new Set(results.map((r) => r.document.id)).size).toBe(results.length);
  });

  it("honours quoted phrases, OR and exclusions", async () => {
    // A phrase among other words ranks the documents holding it first; alone, it is required.
    const phrased = await search("admin", { q: '"budget review" zephyr' });
    expect(phrased[0]!.document.title).toBe("Zephyr budget review");
    expect(phrased.map((r) => r.document.title)).toContain("Zephyr scattered");
    expect(titlesOf(await search("admin", { q: '"budget review of zephyr"' }))).toEqual([
      "Zephyr budget review",
    ]);
    for (const q of ["quintavo OR zephyr", "quintavo or zephyr"])
      expect(titlesOf(await search("admin", { q })), q).toEqual([
        "Quintavo guide",
        "Zephyr budget review",
        "Zephyr scattered",
      ]);
    expect(titlesOf(await search("admin", { q: "zephyr -march" }))).toEqual(["Zephyr scattered"]);
  });

  it("reads a pasted sentence's or, quotation and dashes as words, never returning nothing", async () => {
    const id = await upload(
      "admin",
      "Jack software injection",
      "# Testing\n\nThe jack injection interface lets a tester simulate headphone plugging by hand.",
    );
    await t.runner.runUntilIdle();
    for (const q of [
      "The interface can inject plugin or plugout events into a jack for testing",
      'This simulates "headphone plugging" so drivers can be tested without cables',
      "Simulate a jack -- plugging headphones with the --force switch",
    ]) {
      const results = await search("admin", { q });
      expect(results[0]?.document.id, q).toBe(id);
    }
  });

  it("excludes with -word only the whole word after a space", async () => {
    const [harbour, master] = [
      await upload("admin", "Ptarmigan harbour", "# Notes\n\nThe ptarmigan nests by the harbour wall."),
      await upload("admin", "Ptarmigan harbourmaster", "# Notes\n\nThe ptarmigan watches the harbourmaster."),
    ];
    await t.runner.runUntilIdle();
    const ids = async (q: string) => (await search("admin", { q })).map((r) => r.document.id);
    expect(await ids("ptarmigan -harbour")).toEqual([master]);
    // A dash inside a word is part of it: nothing is excluded.
    expect(await ids("ptarmigan non-harbour")).toEqual(expect.arrayContaining([harbour, master]));
  });

  it("finds each part of a slashed or dotted word, and the whole as a phrase", async () => {
    const id = await upload(
      "admin",
      "Optical media",
      "# Drives\n\nBurn CD/DVD images with read/write access from Node.js servers.",
    );
    await t.runner.runUntilIdle();
    for (const q of ["dvd", "node servers", "write access", "CD/DVD", "nodejs or node.js"])
      expect(
        (await search("admin", { q })).map((r) => r.document.id),
        q,
      ).toContain(id);
    expect((await search("admin", { q: '"read/write access" dvd' }))[0]?.document.id).toBe(id);
    expect(titlesOf(await search("admin", { q: '"read/write access"' }))).toEqual(["Optical media"]);
    expect(await search("admin", { q: "burn -CD/DVD" })).toEqual([]);
    expect(await search("admin", { q: '"write/read"' })).toEqual([]);
    for (let i = 0; i < 3; i++) await search("admin", { q: "cd/dvd images" });
    const suggestions = json<string[]>(await t.request("GET", "/api/search/suggestions", { as: "admin" }));
    expect(suggestions).toContain("cd/dvd images");
  });

  it("filters by category and status", async () => {
    expect(titlesOf(await search("admin", { q: "quintavo or zephyr", category: categoryIds[1]! }))).toEqual([
      "Quintavo guide",
    ]);
    expect(await search("admin", { q: "zephyr", status: "Approved" })).toEqual([]);
    expect(titlesOf(await search("admin", { q: "zephyr", status: "Draft" }))).toHaveLength(2);
    expect(ids.other).toBeTruthy();
  });

  it("never shows a document the user may not see", async () => {
    await upload("author", "Private draft", "# Secret\n\nThe marmalade codename stays private.");
    await t.runner.runUntilIdle();
    expect(titlesOf(await search("author", { q: "marmalade" }))).toEqual(["Private draft"]);
    expect(titlesOf(await search("admin", { q: "marmalade" }))).toEqual(["Private draft"]);
    expect(await search("viewer", { q: "marmalade" })).toEqual([]);
    expect(await search("reviewer", { q: "marmalade codename" })).toEqual([]);
    expect(
      await searchPassages(
        t.ctx,
        { id: "nobody", username: "x", role: "Viewer", via: "session" },
        "marmalade",
      ),
    ).toEqual([]);
  });

  it("returns XSS payloads in titles and text as inert text", async () => {
    await upload(
      "admin",
      "<script>alert(1)</script> Xylograph",
      '# <img src=x onerror=alert(1)>\n\nXylograph <script>alert("x")</script> and <img src=x onerror=alert(2)> and [click](javascript:alert(3)) javascript:alert(4)',
    );
    await t.runner.runUntilIdle();
    const [result] = await search("admin", { q: "xylograph" });
    const excerpt = result!.highlightedExcerpt;
    expect(excerpt).toContain("<mark>Xylograph</mark>");
    const withoutMarks = excerpt.replace(/<\/?mark>/g, "");
    expect(withoutMarks).not.toMatch(/[<>]/);
    expect(withoutMarks).toContain("&lt;script&gt;");
    expect(excerpt).not.toMatch(/<(?!\/?mark>)/);
    expect(excerpt).not.toContain('href="javascript');
  });

  it("makes a new upload searchable by its own processing, with nothing left for later", async () => {
    await upload("admin", "Fresh arrival", "# Fresh\n\nThe quokka census results are in.");
    // One pass over the jobs that are due now: an index left to a later or scheduled job fails here.
    await t.runner.runUntilIdle();
    const results = await search("admin", { q: "quokka census" });
    expect(titlesOf(results)).toEqual(["Fresh arrival"]);
  });

  it("follows metadata changes and archiving", async () => {
    const id = await upload("admin", "Plain title", "# Body\n\nNothing special about the wombat here.");
    await t.runner.runUntilIdle();
    expect(await search("admin", { q: "platypus" })).toEqual([]);
    const patch = await t.request("PATCH", `/api/documents/${id}`, {
      as: "admin",
      body: { title: "Platypus handbook", tags: ["echidna"] },
    });
    expect(patch.statusCode).toBe(200);
    await t.runner.runUntilIdle();
    expect(titlesOf(await search("admin", { q: "platypus" }))).toEqual(["Platypus handbook"]);
    expect(titlesOf(await search("admin", { q: "echidna" }))).toEqual(["Platypus handbook"]);
    expect(
      (await t.request("POST", `/api/documents/${id}/archive`, { as: "admin" })).statusCode,
    ).toBeLessThan(300);
    await t.runner.runUntilIdle();
    expect(await search("admin", { q: "wombat" })).toEqual([]);
  });

  it("searches the demo archive in hybrid mode too", async () => {
    const plain = await search("admin", { q: "password" });
    const hybrid = await search("admin", { q: "password", mode: "hybrid" });
    expect(plain.length).toBeGreaterThan(0);
    expect(hybrid.length).toBeGreaterThanOrEqual(plain.length);
    for (const r of hybrid) expect(r.relevanceScore).toBeLessThanOrEqual(1);
  });
});

describe("searchPassages (for the AI assistant)", () => {
  it("answers passages with document, heading, text and score", async () => {
    const admin = json<{ id: string; username: string; role: "Admin" }>(
      await t.request("GET", "/api/auth/user", { as: "admin" }),
    );
    const passages = await searchPassages(t.ctx, { ...admin, via: "session" }, "password", { limit: 3 });
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.length).toBeLessThanOrEqual(3);
    expect(passages[0]).toMatchObject({
      documentId: expect.any(String),
      title: expect.any(String),
      passageId: expect.any(String),
    });
    expect(passages[0]!.text.toLowerCase()).toContain("password");
  });
});

describe("GET /api/search/suggestions", () => {
  it("offers real queries that found something, and the archive's keyphrases", async () => {
    await search("admin", { q: "quokka census" });
    await search("author", { q: "Quokka  census" });
    await search("admin", { q: "marmalade" }); // found for admin, but a private draft to the viewer
    await search("admin", { q: "nothingmatchesthis" });
    await search("author", { q: "nothingmatchesthis" });
    const suggestionsFor = async (as: string) => {
      const res = await t.request("GET", "/api/search/suggestions", { as });
      expect(res.statusCode).toBe(200);
      return json<string[]>(res);
    };
    const suggestions = await suggestionsFor("admin");
    expect(suggestions.map((s) => s.toLowerCase())).toContain("quokka census");
    expect(suggestions).not.toContain("nothingmatchesthis");
    // Both queries only find drafts the viewer may not see: suggesting them would leak their words.
    const forViewer = await suggestionsFor("viewer");
    expect(forViewer).not.toContain("marmalade");
    expect(forViewer.map((s) => s.toLowerCase())).not.toContain("quokka census");
    expect(forViewer.length).toBeGreaterThan(1);
    expect(suggestions.length).toBeGreaterThan(1);
  });

  it("keeps what is searched while typing (typeahead=1) out of the popular searches", async () => {
    // Found three times by typeahead only: as ordinary searches, it would be the most popular.
    for (let i = 0; i < 3; i++) {
      const res = await t.request("GET", "/api/search?q=census%20quokka&typeahead=1&limit=5", {
        as: "admin",
      });
      expect(res.statusCode).toBe(200);
      expect(json<SearchResult[]>(res).length).toBeGreaterThan(0);
    }
    const suggestions = json<string[]>(await t.request("GET", "/api/search/suggestions", { as: "admin" }));
    expect(suggestions.map((s) => s.toLowerCase())).not.toContain("census quokka");
    const wrong = await t.request("GET", "/api/search?q=quokka&typeahead=yes", { as: "admin" });
    expect(wrong.statusCode).toBe(400);
  });
});

describe("reindexAll (npm run reindex)", () => {
  it("rebuilds every visible document's passages and the semantic model", async () => {
    const summary = await reindexAll(t.ctx);
    expect(summary.documents).toBeGreaterThan(29);
    expect(summary.passages).toBeGreaterThan(29);
    expect(summary.modelDims).toBeGreaterThan(1);
    const [best] = await search("admin", { q: "quokka census", mode: "hybrid" });
    expect(best?.document.title).toBe("Fresh arrival");
    expect(await search("admin", { q: "wombat" })).toEqual([]); // archived stays out
  });
});

describe("a refit of an archive larger than the sample it fits on", () => {
  it("fits on the sample alone, counts every passage and embeds each one in the new space", async () => {
    const before = await passagesBySpace(t.ctx.db, "-");
    expect(before.passages).toBeGreaterThan(20);
    const stored = await refitModel(t.ctx, {}, 20);
    expect(stored?.model.fittedOn).toBe(20);
    expect(stored?.passagesAtFit).toBe(before.passages);
    expect(await passagesBySpace(t.ctx.db, stored?.tag ?? "-")).toEqual({
      passages: before.passages,
      elsewhere: 0,
    });
    // The tests after this one search by meaning: give them a model fitted on every passage again.
    await refitModel(t.ctx);
  });
});

describe("a refit whose worker thread runs out of memory", () => {
  it("fails, saying so, and leaves the previous model and every passage's embedding in use", async () => {
    const embeddings = async () =>
      rowsOf<{ digest: string }>(
        await t.ctx.db.execute(
          sql`select md5(string_agg(coalesce(encode(embedding, 'hex'), '-'), ',' order by id)) as digest from chunks`,
        ),
      )[0]?.digest;
    const model = await loadModelHeader(t.ctx.db);
    const stored = await embeddings();
    expect(model).not.toBeNull();
    // 4 MB does not even hold the thread's start; an archive too large for the real limit dies in
    // the fit itself (lsa-thread.test.ts), before the new model is stored either way.
    await expect(refitModel(t.ctx, { heapMb: 4, youngMb: 1 })).rejects.toThrow(
      /LSA worker: out of memory \(its heap is limited to 4 MB\)/,
    );
    expect(await loadModelHeader(t.ctx.db)).toEqual(model);
    expect(await embeddings()).toBe(stored);
    const [best] = await search("admin", { q: "quokka census", mode: "hybrid" });
    expect(best?.document.title).toBe("Fresh arrival");
  });
});

describe("a refit killed at every attempt", () => {
  const refitJobs = async () =>
    rowsOf<{ status: string; payload: unknown }>(
      await t.ctx.db.execute(
        sql`select status, payload from jobs where kind = ${REFIT_MODEL_JOB} and status <> 'done' order by id`,
      ),
    );
  /** Each attempt is claimed, then its process "dies"; the next start-up's recovery finds it. */
  async function killEveryAttempt(): Promise<void> {
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await claimJob(t.ctx.db, `killed-process-${attempt}`, t.clock.now())).not.toBeNull();
      expect(await t.runner.recover(true)).toBe(1);
    }
  }

  it("keeps the previous model, and is queued again so the archive is not left with it", async () => {
    await t.runner.runUntilIdle();
    await upload("admin", "Refit after kills", "# Kills\n\nThe marmoset survey of the estuary.");
    await t.runner.runUntilIdle();
    await t.ctx.db.execute(sql`delete from jobs where kind = ${REFIT_MODEL_JOB}`);
    const before = await loadModelHeader(t.ctx.db);
    t.clock.advance(60_000); // a new model's tag is its fitting time
    await enqueueJob(t.ctx.db, { kind: REFIT_MODEL_JOB, payload: {}, runAt: t.clock.now() });
    await killEveryAttempt();
    expect(await loadModelHeader(t.ctx.db)).toEqual(before);
    // Ended failed by the kill limit, so a restart comes up; a new round is queued at once.
    expect(await refitJobs()).toEqual([
      { status: "failed", payload: {} },
      { status: "queued", payload: { round: 1 } },
    ]);
    await t.runner.runUntilIdle();
    const after = await loadModelHeader(t.ctx.db);
    expect(after?.tag).not.toBe(before?.tag);
    const { passages, elsewhere } = await passagesBySpace(t.ctx.db, after?.tag ?? "");
    expect(after?.passagesAtFit).toBe(passages);
    expect(elsewhere).toBe(0);
  });

  it("is queued again a bounded number of times, so a refit that kills every process cannot loop", async () => {
    await t.ctx.db.execute(sql`delete from jobs where kind = ${REFIT_MODEL_JOB}`);
    await enqueueJob(t.ctx.db, { kind: REFIT_MODEL_JOB, payload: {}, runAt: t.clock.now() });
    for (let round = 0; round <= 2; round++) await killEveryAttempt();
    expect((await refitJobs()).map((j) => j.status)).toEqual(["failed", "failed", "failed"]);
    await t.ctx.db.execute(sql`delete from jobs where kind = ${REFIT_MODEL_JOB}`);
  });
});

describe("migration 0011 (slashes and dots read apart)", () => {
  it("queues a re-index of every indexed document, which brings the new reading to old passages", async () => {
    const id = await upload("admin", "Legacy drive notes", "# Old\n\nThe legacy Blu/Ray tray of Quorra.js.");
    await t.runner.runUntilIdle();
    // As an archive indexed before the change stored it: the slashed and dotted words whole.
    await t.ctx.db.execute(sql`update chunks set tsv = to_tsvector('english', heading || ' ' || text)
      where document_id = ${id}`);
    expect(await search("admin", { q: "quorra ray" })).toEqual([]);
    const migration = readFileSync(
      new URL("../../../drizzle/0011_search_separators.sql", import.meta.url),
      "utf8",
    );
    await t.ctx.db.execute(sql.raw(migration));
    const [queued] = rowsOf<{ jobs: number | string; indexed: number | string }>(
      await t.ctx.db.execute(sql`select
        (select count(*) from jobs where dedupe_key like '%:separators' and status = 'queued') as jobs,
        (select count(distinct document_id) from chunks) as indexed`),
    );
    expect(Number(queued!.jobs)).toBe(Number(queued!.indexed));
    // Queued for the database's now(); the harness's clock is its own.
    await t.ctx.db.execute(
      sql`update jobs set run_at = ${t.clock.now()} where dedupe_key like '%:separators'`,
    );
    await t.runner.runUntilIdle();
    expect((await search("admin", { q: "quorra ray" })).map((r) => r.document.id)).toEqual([id]);
  });
});
