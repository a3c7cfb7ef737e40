import type { Document } from "@quire/contracts";
import { eq, sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { json, multipart } from "../../../test/support/harness";
import { rowsOf } from "../../db/rows";
import { documents } from "../../db/schema";
import type { Actor } from "../../policies/policy";
import { readQueryStats, topPostings } from "./bm25-repository";
import { cachedTopPostings } from "./posting-cache";
import { searchPassages } from "./service";

/**
 * Search keeps each word's best postings between queries (posting-cache.ts). These check that what
 * it answers from them is what the database answers under the same filter, that a filter hiding a
 * cached list's head still finds what lies deeper, and that new passages are seen at once.
 */
const t = appForFile();
let admin: Actor;
let first: string;
let second: string;
const WORD = "quillwort";

async function upload(categoryId: string, title: string, text: string): Promise<string> {
  const { body, headers } = multipart(
    { title, categoryId, allowDuplicate: "true" },
    { name: "note.md", bytes: Buffer.from(text) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as: "admin", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  return json<Document>(res).id;
}

const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

beforeAll(async () => {
  const categories = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }));
  first = categories[0]!.id;
  second =
    categories[1]?.id ??
    json<{ id: string }>(
      await t.request("POST", "/api/categories", { as: "admin", body: { name: "Herbarium" } }),
    ).id;
  // In the first category the word stands in short notes (each a little longer than the last, so
  // no two weigh the same): the head of its list. In the second, once in long ones: its tail.
  for (let i = 0; i < 30; i++) await upload(first, `Dense note ${i}`, `${WORD} ${filler(2 * i + 1)}`);
  for (let i = 0; i < 6; i++) await upload(second, `Sparse note ${i}`, `${filler(70 + 5 * i)} ${WORD}.`);
  await t.runner.runUntilIdle();
  const user = json<{ id: string; username: string; role: "Admin" }>(
    await t.request("GET", "/api/auth/user", { as: "admin" }),
  );
  admin = { ...user, via: "session" };
}, 120_000);

const generation = async () => (await readQueryStats(t.ctx.db, [WORD])).generation;
const chunksOf = (postings: Array<{ chunkId: string }>) => postings.map((p) => p.chunkId).sort();

describe("search's cached posting lists", () => {
  it("answer what the database's own read answers, under any filter and depth", async () => {
    const filters: Array<[string, SQL]> = [
      ["none", sql`true`],
      ["first category", eq(documents.categoryId, first)],
      ["second category", eq(documents.categoryId, second)],
    ];
    for (const [name, where] of filters)
      for (const limit of [3, 5, 25, 30, 40]) {
        const lists = [{ lexeme: WORD, limit }];
        const cached = await cachedTopPostings(t.ctx, await generation(), lists, where);
        const direct = await topPostings(t.ctx.db, lists, where);
        expect(chunksOf(cached.postings), `${name}, ${limit}`).toEqual(chunksOf(direct.postings));
        expect(cached.postings.length, `${name}, ${limit}`).toBeGreaterThan(0);
        for (const [id, length] of direct.facts.lengths) expect(cached.facts.lengths.get(id)).toBe(length);
      }
  });

  it("find what lies deeper than a cached head that the reader's filter hides", async () => {
    // Five postings a word: the cached list holds the dense notes' 25 best, all in the first category.
    const all = await searchPassages(t.ctx, admin, WORD, { limit: 10, perLexeme: 5 });
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((p) => p.title.startsWith("Dense note"))).toBe(true);
    const sparse = await searchPassages(t.ctx, admin, WORD, { limit: 10, perLexeme: 5, categoryId: second });
    expect(sparse.map((p) => p.title).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `Sparse note ${i}`));
  });

  it("see passages added after the lists were read, and a new generation for every change", async () => {
    const before = await searchPassages(t.ctx, admin, WORD, { limit: 50 });
    const was = await generation();
    const id = await upload(second, "Fresh herbarium sheet", `${WORD} ${WORD} ${WORD}`);
    await t.runner.runUntilIdle();
    const now = await generation();
    expect(now).not.toBe(was);
    const after = await searchPassages(t.ctx, admin, WORD, { limit: 50 });
    expect(after[0]?.documentId).toBe(id);
    expect(after.length).toBe(before.length + 1);
    const [row] = rowsOf<{ values: string }>(
      await t.ctx.db.execute(sql`select string_agg(g::text, ',') as values from (
        select nextval('search_generation') as g from generate_series(1, 2)) x`),
    );
    // The sequence goes on past every value it gave: no later state can reuse one.
    for (const value of row!.values.split(",")) expect(BigInt(value)).toBeGreaterThan(BigInt(now));
  });
});
