import type { AiSuggestion, Document } from "@quire/contracts";
import { SKETCH_SIZE } from "@quire/textkit";
import { describe, expect, it } from "vitest";
import { isNotNull } from "drizzle-orm";
import { documents, jobs, versionFacts } from "../../db/schema";
import { demoDocumentsByTitle, processedDemoArchiveForFile } from "../../../test/support/demo-archive";
import { json, multipart } from "../../../test/support/harness";
import { recordStatements } from "../../../test/support/statements";
import { classifierTraining } from "./classifier";
import { enqueueMissingVersionFacts } from "./suggestion-signatures";

const t = processedDemoArchiveForFile();
const byTitle = demoDocumentsByTitle(t);
const suggestions = async (as = "admin") =>
  json<AiSuggestion[]>(await t.request("GET", "/api/ai/suggestions", { as }));

async function upload(name: string, text: string): Promise<Document> {
  const category = byTitle("Travel Policy").category.id;
  const { body, headers } = multipart({ categoryId: category }, { name, bytes: Buffer.from(text) });
  const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  return json<Document>(res);
}

/** Varied prose: numbered clauses whose words differ, so every three-word run is new. */
function clauses(count: number, from = 0): string {
  return Array.from(
    { length: count },
    (_, i) =>
      `Clause ${i + from} requires supplier ${(i * 7919) % 10007} to keep ledger ${(i * 104729) % 99991} for audit ${i + from}.`,
  ).join("\n\n");
}

describe("suggestions from stored facts", () => {
  it("a request for suggestions never reads a version's text", async () => {
    const recorded = recordStatements(t.ctx.db);
    let list: AiSuggestion[];
    try {
      list = await suggestions();
    } finally {
      recorded.stop();
    }
    // Still every kind the text-derived facts give: a stale document and a near-duplicate.
    expect(list.some((s) => s.type === "update")).toBe(true);
    expect(list.some((s) => s.type === "other")).toBe(true);
    expect(recorded.sql.length).toBeGreaterThan(0);
    // The text's size (octet_length, read from the stored value's header) is allowed; the text is not.
    const readsText = recorded.sql.filter((q) =>
      /"versions"\."content"|"content"/.test(q.replace(/octet_length\("versions"\."content"\)/g, "")),
    );
    expect(readsText).toEqual([]);
  });

  // Three documents of some 25,000 words each, processed: seconds idle, far more on a loaded machine.
  it(
    "finds near-duplicates of documents longer than a sketch, and a review date passed",
    { timeout: 300_000 },
    async () => {
      const text = clauses(2 * SKETCH_SIZE);
      const older = await upload(
        "ledger-rules.md",
        `# Ledger rules\n\n**Review date:** 1 March 2020\n\n${text}`,
      );
      const newer = await upload(
        "ledger-rules-2.md",
        `# Ledger rules 2\n\n${text}\n\n${clauses(40, 90_000)}`,
      );
      const unrelated = await upload(
        "other-rules.md",
        `# Other rules\n\n${clauses(2 * SKETCH_SIZE, 50_000)}`,
      );
      await t.runner.runUntilIdle();
      const list = await suggestions();
      const pair = list.find((s) => s.type === "other" && s.documentIds.includes(older.id));
      expect([...(pair?.documentIds ?? [])].sort()).toEqual([older.id, newer.id].sort());
      expect(pair?.confidence).toBeGreaterThan(0.85);
      expect(list.some((s) => s.type === "other" && s.documentIds.includes(unrelated.id))).toBe(false);
      expect(list.find((s) => s.type === "update" && s.documentIds.includes(older.id))?.description).toMatch(
        /^Its review date \(1 March 2020\) passed \d+ days ago/,
      );
    },
  );

  it("versions processed before facts were kept get theirs from a queued job", async () => {
    // The earlier test's uploads changed the archive: its model answers while a new one trains, and
    // the moves it proposes may differ. Compare like with like: both lists from the new model.
    await suggestions();
    await classifierTraining(t.ctx, "archive");
    const before = (await suggestions()).map((s) => s.id);
    await t.ctx.db.delete(versionFacts);
    // Only a periodic review's due date, a fact of the document and not of its text, still speaks.
    const underReview = new Set(
      (
        await t.ctx.db.select({ id: documents.id }).from(documents).where(isNotNull(documents.nextReviewOn))
      ).map((d) => d.id),
    );
    const fromText = (await suggestions()).filter(
      (s) => (s.type === "other" || s.type === "update") && !s.documentIds.every((id) => underReview.has(id)),
    );
    expect(fromText).toEqual([]);
    expect(await enqueueMissingVersionFacts(t.ctx.db, t.clock.now())).toBeGreaterThan(30);
    await t.runner.runUntilIdle();
    // A job that failed waits for its retry, after this test: name its error rather than a count.
    const failures = await t.ctx.db
      .select({ kind: jobs.kind, error: jobs.lastError })
      .from(jobs)
      .where(isNotNull(jobs.lastError));
    expect(failures).toEqual([]);
    expect((await suggestions()).map((s) => s.id)).toEqual(before);
  });
});
