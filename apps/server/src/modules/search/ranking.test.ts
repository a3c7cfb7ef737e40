import type { AiAnswer, Document, SearchResult } from "@quire/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { json, multipart } from "../../../test/support/harness";
import { recomputedStats, storedStats } from "./bm25-repository";
import { DEFAULT_RANKING } from "./ranking";
import { reindexAll } from "./reindex";
import { searchPassages } from "./service";

/**
 * The ranking's properties, on an archive of known documents (no demo data, so every document
 * frequency is the test's): BM25's idf and length normalisation, the title field, no cliff between
 * "all words" and "any word", statistics exact after every change, and visibility in search and ask.
 */
const t = appForFile();
let categoryId: string;

const filler = (n: number, seed: string) =>
  Array.from({ length: n }, (_, i) => `${seed}${i % 7 === 0 ? "." : ""} lorem ipsum dolor`).join(" ");

async function upload(title: string, markdown: string, as = "admin"): Promise<string> {
  const { body, headers } = multipart(
    { title, categoryId },
    { name: "doc.md", bytes: Buffer.from(markdown) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as, body, headers });
  expect(res.statusCode, res.body).toBe(201);
  return json<Document>(res).id;
}

async function titles(q: string, as = "admin"): Promise<string[]> {
  const res = await t.request("GET", `/api/search?${new URLSearchParams({ q })}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return json<SearchResult[]>(res).map((r) => r.document.title);
}

async function expectExactStats(): Promise<void> {
  const [stored, truth] = await Promise.all([storedStats(t.ctx.db), recomputedStats(t.ctx.db)]);
  expect(stored.passages).toBe(truth.passages);
  expect(stored.bodyTerms).toBe(truth.bodyTerms);
  expect(stored.postings).toBe(truth.postings);
  expect(Object.fromEntries(stored.terms)).toEqual(Object.fromEntries(truth.terms));
  expect(Object.fromEntries(stored.documents)).toEqual(Object.fromEntries(truth.documents));
  expect(stored.documentCount).toBe(truth.documentCount);
}

beforeAll(async () => {
  const categories = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }));
  categoryId = categories[0]!.id;
  // Background documents: the common words of the tests below appear in many of them.
  for (let i = 0; i < 8; i++)
    await upload(
      `Background ${i}`,
      `# Notes ${i}\n\nThe annual report and budget for unit ${i}. ${filler(20, "bg")}`,
    );
  await t.runner.runUntilIdle();
}, 120_000);

describe("BM25 ranking", () => {
  it("lets a rare query word outweigh a common one", async () => {
    await upload("Common twice", `Annual figures. The annual plan. ${filler(10, "ca")}`);
    await upload("Rare once", `Figures of the vexillology plan. ${filler(10, "ra")}`);
    await t.runner.runUntilIdle();
    const found = await titles("annual vexillology");
    expect(found.indexOf("Rare once")).toBeLessThan(found.indexOf("Common twice"));
    expect(found[0]).toBe("Rare once");
  });

  it("ranks a short document dense in the words above a long one that mentions them once", async () => {
    await upload("Long mention", `Quokka ${filler(200, "lm")} zanzibar ${filler(200, "ln")}`);
    await upload("Short dense", `Quokka zanzibar. The quokka of zanzibar. ${filler(4, "sd")}`);
    await t.runner.runUntilIdle();
    expect((await titles("quokka zanzibar")).slice(0, 2)).toEqual(["Short dense", "Long mention"]);
  });

  it("ranks a title match above the same word in the body", async () => {
    await upload("Marmoset handbook", `Care and feeding. ${filler(12, "mh")}`);
    await upload("Primate care", `Care and feeding of the marmoset. ${filler(12, "pc")}`);
    await t.runner.runUntilIdle();
    expect((await titles("marmoset")).slice(0, 2)).toEqual(["Marmoset handbook", "Primate care"]);
  });

  it("ranks with weights a search brings, and the next search ranks with its own again", async () => {
    await upload("Gannet survey", `Counts and notes. ${filler(12, "gs")}`);
    await upload("Seabird counts", `Counts of the gannet colony. ${filler(12, "sc")}`);
    await t.runner.runUntilIdle();
    const admin = json<{ id: string; username: string; role: "Admin" }>(
      await t.request("GET", "/api/auth/user", { as: "admin" }),
    );
    const actor = { ...admin, via: "session" as const };
    const titleBlind = { ...DEFAULT_RANKING, titleWeight: 0, titleSubword: 0, titleNamed: 0 };
    const passed = await searchPassages(t.ctx, actor, "gannet", { ranking: titleBlind });
    expect(passed[0]?.title).toBe("Seabird counts");
    expect((await titles("gannet")).slice(0, 2)).toEqual(["Gannet survey", "Seabird counts"]);
  });

  it("ranks first a document lacking one of four words when only it holds the rare one", async () => {
    // Five documents hold the three common words; only one holds the rare word, without "budget".
    for (let i = 0; i < 5; i++)
      await upload(`All common ${i}`, `The annual report on the budget, ${i}. ${filler(10, `ac${i}`)}`);
    await upload("Rare one lacking a word", `The annual report on quendrith. ${filler(10, "rw")}`);
    await t.runner.runUntilIdle();
    expect((await titles("annual report budget quendrith"))[0]).toBe("Rare one lacking a word");
    // The syntax as documented: a phrase among other words ranks its holders first without
    // excluding the rest, and -word excludes every document holding the whole word.
    const exact = await titles('"annual report" quendrith -budget');
    expect(exact[0]).toBe("Rare one lacking a word");
    expect(exact.filter((title) => title.startsWith("All common"))).toEqual([]);
    expect(await titles("quendrith -report")).toEqual([]);
    expect((await titles("quendrith or vexillology")).sort()).toEqual([
      "Rare once",
      "Rare one lacking a word",
    ]);
  });

  it("counts a common word's evidence for the leading documents though its list is read shallow", async () => {
    // Three postings per list: "annual" and "report" (in most documents) are cut short, and with
    // the rare "zorblax" carrying most of the query's weight, read a third as deep. The leading
    // passages get their postings for them afterwards, so the first result and its score are what
    // reading every list whole gives.
    await upload("Zorblax review", `The annual report on the zorblax. ${filler(30, "zr")}`);
    // Denser in the rare word, without the common ones: first if their evidence were lost.
    await upload("Zorblax notes", `The zorblax, the zorblax. ${filler(10, "zn")}`);
    await t.runner.runUntilIdle();
    const admin = json<{ id: string; username: string; role: "Admin" }>(
      await t.request("GET", "/api/auth/user", { as: "admin" }),
    );
    const actor = { ...admin, via: "session" as const };
    const search = async (perLexeme?: number) =>
      (await searchPassages(t.ctx, actor, "annual report zorblax", perLexeme ? { perLexeme } : {})).map(
        (r) => [r.title, r.score] as const,
      );
    const whole = await search();
    expect(whole.slice(0, 2).map(([title]) => title)).toEqual(["Zorblax review", "Zorblax notes"]);
    expect((await titles("annual report zorblax")).slice(0, 2)).toEqual(["Zorblax review", "Zorblax notes"]);
    expect((await search(3)).slice(0, 2)).toEqual(whole.slice(0, 2));
  });

  it("finds a pasted sentence's document though most of its words' lists are read a posting deep", async () => {
    // Three postings per list make the query's budget twelve: the two rare words are read whole,
    // the common ones ("annual", "report", "budget", "unit", in every background document) one
    // posting each, and the leading passages are completed, so the result is what reading every
    // list whole gives.
    await upload(
      "Quarrel minutes",
      `The annual report names the budget of the unit in the vexillum quarrel. ${filler(20, "qm")}`,
    );
    await upload(
      "Budget digest",
      `The annual report and the budget of every unit, unit by unit. ${filler(20, "bd")}`,
    );
    await t.runner.runUntilIdle();
    const admin = json<{ id: string; username: string; role: "Admin" }>(
      await t.request("GET", "/api/auth/user", { as: "admin" }),
    );
    const actor = { ...admin, via: "session" as const };
    const sentence = "The annual report names the budget of the unit in the vexillum quarrel.";
    const search = async (perLexeme?: number) =>
      (await searchPassages(t.ctx, actor, sentence, perLexeme ? { perLexeme } : {})).map(
        (r) => [r.title, r.score] as const,
      );
    const whole = await search();
    expect(whole[0]![0]).toBe("Quarrel minutes");
    expect((await search(3)).slice(0, 2)).toEqual(whole.slice(0, 2));
  });

  it("matches a compound title's parts to the words a query spells out", async () => {
    // The same text under two names (fillers of equal length): only the title's sub-words ("dev",
    // "doc") tell them apart.
    const text = (seed: string) => `The quokka toolkit draws charts. ${filler(10, seed)}`;
    await upload("libquokka-dev", text("qa"));
    await upload("libquokka-doc", text("qb"));
    await t.runner.runUntilIdle();
    expect((await titles("quokka toolkit development files"))[0]).toBe("libquokka-dev");
    expect((await titles("quokka toolkit documentation"))[0]).toBe("libquokka-doc");
  });
});

describe("BM25 statistics", () => {
  it("stay exact after upload, new version, archive, restore and reindex", async () => {
    await expectExactStats();
    const id = await upload(
      "Stats subject",
      `# One\n\nFirst text about ${filler(150, "st")}\n\n# Two\n\nMore.`,
    );
    await t.runner.runUntilIdle();
    await expectExactStats();
    const { body, headers } = multipart(
      { changeNote: "Rewritten", expectedVersion: "1" },
      {
        name: "v2.md",
        bytes: Buffer.from(`# Other\n\nEntirely different words: heliotrope. ${filler(30, "v2")}`),
      },
    );
    expect(
      (await t.request("POST", `/api/documents/${id}/versions`, { as: "admin", body, headers })).statusCode,
    ).toBe(201);
    await t.runner.runUntilIdle();
    await expectExactStats();
    expect(await titles("heliotrope")).toEqual(["Stats subject"]);
    expect((await t.request("POST", `/api/documents/${id}/archive`, { as: "admin" })).statusCode).toBe(200);
    await t.runner.runUntilIdle();
    await expectExactStats();
    expect(await titles("heliotrope")).toEqual([]);
    expect((await t.request("POST", `/api/documents/${id}/restore`, { as: "admin" })).statusCode).toBe(200);
    await t.runner.runUntilIdle();
    await expectExactStats();
    expect(await titles("heliotrope")).toEqual(["Stats subject"]);
    await reindexAll(t.ctx);
    await expectExactStats();
    expect(await titles("heliotrope")).toEqual(["Stats subject"]);
  }, 120_000);
});

describe("visibility", () => {
  it("never shows another author's draft passage, in search or in ask", async () => {
    await upload(
      "Secret draft",
      `The phlogiston reactor schedule is confidential. ${filler(5, "sd")}`,
      "author",
    );
    await t.runner.runUntilIdle();
    expect(await titles("phlogiston reactor", "author")).toEqual(["Secret draft"]);
    expect(await titles("phlogiston reactor", "viewer")).toEqual([]);
    expect(await titles("phlogiston or reactor or schedule", "viewer")).toEqual([]);
    const res = await t.request("POST", "/api/ai/ask", {
      as: "viewer",
      body: { question: "What is the phlogiston reactor schedule?" },
    });
    expect(res.statusCode).toBe(200);
    const answer = json<AiAnswer>(res);
    expect(answer.citations.map((c) => c.title)).not.toContain("Secret draft");
    expect(answer.answer).not.toMatch(/confidential/);
    const own = json<AiAnswer>(
      await t.request("POST", "/api/ai/ask", {
        as: "author",
        body: { question: "What is the phlogiston reactor schedule?" },
      }),
    );
    expect(own.citations.map((c) => c.title)).toContain("Secret draft");
  });
});
