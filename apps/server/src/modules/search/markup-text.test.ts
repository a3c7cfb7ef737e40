import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Document, SearchResult } from "@quire/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/rows";
import { LIST_PREVIEW_CHARS } from "../documents/repository";
import { appForFile } from "../../../test/support/app-for-file";
import { fixture } from "../../../test/support/fixtures";
import { json, multipart } from "../../../test/support/harness";
import { scanFolder } from "../ingestion/scan";

/**
 * Text that looks like HTML is text: PostgreSQL's parser skips a `<script>` or `<style>` element's
 * content up to its closing tag, and everything after one that never closes, so every word of a
 * document is found only if the index never lets it read a tag (textkit's searchableText).
 */
const SETTLE_MS = 1_000;
const root = mkdtempSync(path.join(tmpdir(), "quire-markup-"));
const t = appForFile({
  env: { CONSUME_DIR: root, CONSUME_OWNER: "author", CONSUME_SETTLE_SECONDS: String(SETTLE_MS / 1000) },
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Debian's README for javascript-common: a `<script …>` line split over two lines, then a signature. */
const README = new TextDecoder().decode(fixture("javascript-common-README.Debian.txt"));
/** As the ingest bench adds its word: a last line after the text. */
const withWord = (text: string, word: string) => `${text.trim()}\n\nArchive reference: ${word}\n`;

async function upload(name: string, text: string): Promise<string> {
  const { body, headers } = multipart(
    { allowDuplicate: "true" },
    { name, bytes: Buffer.from(text), contentType: "text/plain" },
  );
  const res = await t.request("POST", "/api/documents/upload", { as: "admin", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  return json<Document>(res).id;
}

async function results(q: string, mode: "fulltext" | "hybrid" = "fulltext"): Promise<SearchResult[]> {
  const res = await t.request("GET", `/api/search?${new URLSearchParams({ q, mode })}`, { as: "admin" });
  expect(res.statusCode, res.body).toBe(200);
  return json<SearchResult[]>(res);
}
const found = async (q: string, mode?: "fulltext" | "hybrid") =>
  (await results(q, mode)).map((r) => r.document.id);

describe("search of text that looks like HTML", () => {
  let readme: string;
  beforeAll(async () => {
    readme = await upload("00000-javascript-common-README.Debian.txt", withWord(README, "quirebenchbbbb"));
    await t.runner.runUntilIdle();
  });

  it("stores the uploaded text whole and finds the word on its last line, in either mode", async () => {
    const doc = json<Document>(await t.request("GET", `/api/documents/${readme}`, { as: "admin" }));
    expect(doc.currentVersion.content).toContain('src="/javascript/package/lib.js"></script>');
    expect(doc.currentVersion.content.trimEnd()).toMatch(/Archive reference: quirebenchbbbb$/);
    expect(await found("quirebenchbbbb")).toEqual([readme]);
    expect(await found("quirebenchbbbb", "hybrid")).toEqual([readme]);
    // The signature between the tag and the word, and the tag's own words, are found too.
    expect(await found("Marcelo Vieira")).toEqual([readme]);
    // Its excerpt shows the tag as escaped text: the only markup in it is the highlight's.
    const hit = (await results("lib.js")).find((r) => r.document.id === readme);
    expect(hit?.highlightedExcerpt).toContain("&lt;script language=");
    expect(hit?.highlightedExcerpt.replaceAll(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
    // A result's document carries a preview of its text (what the report read as the stored
    // text): its first LIST_PREVIEW_CHARS characters, which here end inside the tag.
    expect(hit?.document.currentVersion.content).toBe(
      doc.currentVersion.content.slice(0, LIST_PREVIEW_CHARS),
    );
    expect(hit?.document.currentVersion.content.endsWith('src="/javascript/p')).toBe(true);
  });

  it("finds words inside script and style elements and after one that never closes", async () => {
    const id = await upload(
      "markup.txt",
      [
        "Styling notes",
        "",
        "<style>p { color: vermilionbench }</style> then ochrebench.",
        "",
        "<script>const umberbench = 1;</script> and <STYLE type='text/css'>",
        "",
        "Later paragraphs: siennabench.",
      ].join("\n"),
    );
    await t.runner.runUntilIdle();
    for (const word of ["vermilionbench", "ochrebench", "umberbench", "siennabench"]) {
      expect(await found(word), word).toEqual([id]);
    }
  });

  it("finds the word of the same file taken from the watched folder", async () => {
    mkdirSync(path.join(root, "Notes"), { recursive: true });
    writeFileSync(
      path.join(root, "Notes", "00001-javascript-common-README.Debian.txt"),
      withWord(README, "quirebenchbbbc"),
    );
    await scanFolder(t.ctx, t.ctx.config.consume!);
    t.clock.advance(SETTLE_MS);
    await scanFolder(t.ctx, t.ctx.config.consume!);
    await t.runner.runUntilIdle();
    const ids = await found("quirebenchbbbc");
    expect(ids).toHaveLength(1);
    const doc = json<Document>(await t.request("GET", `/api/documents/${ids[0]}`, { as: "admin" }));
    expect(doc.title).toMatch(/javascript-common/);
    expect(doc.currentVersion.content.trimEnd()).toMatch(/Archive reference: quirebenchbbbc$/);
  });
});

describe("migration 0026 (no HTML tags read in text)", () => {
  it("re-indexes the documents whose text holds a '<', which finds their words again", async () => {
    const tagged = await upload(
      "00002-javascript-common-README.Debian.txt",
      withWord(README, "quirebenchbbbd"),
    );
    const plain = await upload("plain.txt", "Plain notes without markup: quirebenchbbbf.\n");
    await t.runner.runUntilIdle();
    // As an archive indexed before the change stored it: "<script" skipped the rest of the passage.
    await t.ctx.db.execute(sql`update chunks
      set tsv = to_tsvector('english', replace(coalesce(heading, '') || E'\n' || text, '/', ' / '))
      where document_id = ${tagged}`);
    expect(await found("quirebenchbbbd")).toEqual([]);
    const migration = readFileSync(
      new URL("../../../drizzle/0026_search_markup_text.sql", import.meta.url),
      "utf8",
    );
    await t.ctx.db.execute(sql.raw(migration));
    const queued = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`select payload->>'documentId' as id from jobs
        where dedupe_key like '%:markup-text' and status = 'queued'`),
    ).map((r) => r.id);
    expect(queued).toContain(tagged);
    expect(queued).not.toContain(plain);
    // Queued for the database's now(); the harness's clock is its own.
    await t.ctx.db.execute(
      sql`update jobs set run_at = ${t.clock.now()} where dedupe_key like '%:markup-text'`,
    );
    await t.runner.runUntilIdle();
    expect(await found("quirebenchbbbd")).toEqual([tagged]);
    expect(await found("quirebenchbbbf")).toEqual([plain]);
  });
});
