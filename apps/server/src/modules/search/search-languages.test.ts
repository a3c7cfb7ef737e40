import type { Document, SearchResult } from "@quire/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { json, multipart } from "../../../test/support/harness";
import { searchPassages } from "./service";

/**
 * Search in an archive of German and English documents: the index finds a German document by a
 * German inflection (its lexemes are German), and the ranking's own tokenizer then reads the
 * document and the query in German too, so the document's score and its excerpt's marks count the
 * singular "Vertrag" as the word asked for, as they count an English plural for its singular.
 */
const t = appForFile();
let category: string;

async function upload(name: string, markdown: string): Promise<string> {
  const { body, headers } = multipart(
    { categoryId: category },
    { name, bytes: new TextEncoder().encode(markdown) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  return json<Document>(res).id;
}

async function search(q: string): Promise<SearchResult[]> {
  const res = await t.request("GET", `/api/search?q=${encodeURIComponent(q)}`, { as: "author" });
  expect(res.statusCode, res.body).toBe(200);
  return json<SearchResult[]>(res);
}

const marked = (result: SearchResult | undefined) =>
  [...(result?.highlightedExcerpt ?? "").matchAll(/<mark>(.*?)<\/mark>/g)].map((m) => m[1]);

describe("search in the documents' own languages", () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    category = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }))[0]!.id;
    const chosen = await t.request("PUT", "/api/ingestion/languages", {
      as: "admin",
      body: { languages: ["eng", "deu"] },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    ids = {
      // "Verträge" itself is nowhere in it: only the singular and the dative plural.
      german: await upload(
        "rahmenvereinbarung.md",
        "# Rahmenvereinbarung\n\nDer Vertrag mit dem Lieferanten wird für zwei Jahre geschlossen. " +
          "In allen Verträgen mit Lieferanten gilt eine Kündigungsfrist von drei Monaten zum Ende " +
          "eines Quartals, und jede Änderung bedarf der Schriftform.\n",
      ),
      otherGerman: await upload(
        "reisekosten.md",
        "# Reisekosten\n\nDienstreisen werden vorher beantragt und nach der Rückkehr innerhalb von " +
          "vier Wochen abgerechnet. Belege werden im Original eingereicht.\n",
      ),
      english: await upload(
        "supplier-terms.md",
        "# Supplier terms\n\nEvery contract with a supplier runs for two years. A notice period of " +
          "three months applies to the end of a quarter, and any change must be made in writing.\n",
      ),
    };
    await t.runner.runUntilIdle();
  });

  it("stores each document's language", async () => {
    for (const [key, language] of [
      ["german", "deu"],
      ["otherGerman", "deu"],
      ["english", "eng"],
    ] as const) {
      const doc = json<Document>(await t.request("GET", `/api/documents/${ids[key]}`, { as: "author" }));
      expect(doc.language, key).toBe(language);
    }
  });

  it("finds a German document first for a German inflection only stemming matches, and scores it in full", async () => {
    const results = await search("Verträge");
    expect(results.map((r) => r.document.id)).toEqual([ids.german]);
    // Full relevance: the query's one word is the text's, read as German.
    expect(results[0]!.relevanceScore).toBe(1);
    expect(marked(results[0])).toEqual(["Vertrag", "Verträgen"]);
    // The assistant's candidates are search's, with the same score.
    const author = json<{ id: string; username: string; role: "Author" }>(
      await t.request("GET", "/api/auth/user", { as: "author" }),
    );
    const passages = await searchPassages(t.ctx, { ...author, via: "session" }, "Lieferanten Verträge");
    expect(passages[0]).toMatchObject({ documentId: ids.german, score: 1 });
  });

  it("ranks and marks English documents as before", async () => {
    const results = await search("contracts");
    expect(results.map((r) => r.document.id)).toEqual([ids.english]);
    expect(results[0]!.relevanceScore).toBe(1);
    expect(marked(results[0])).toEqual(["contract"]);
  });
});
