import type { AiAnswer, Document } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { retrieve } from "./retrieve";
import { processedDemoArchiveForFile } from "../../../test/support/demo-archive";
import { json } from "../../../test/support/harness";

const t = processedDemoArchiveForFile();

const askAs = async (question: string, as = "viewer") =>
  json<AiAnswer>(await t.request("POST", "/api/ai/ask", { as, body: { question } }));

describe("POST /api/ai/ask (offline)", () => {
  it.each([
    ["What are our security policies?", "Information Security Policy"],
    ["How do I submit expense reports?", "Expense Policy"],
    ["Show me the API documentation for user endpoints", "Platform API Reference: User Endpoints"],
    ["What are the compliance requirements?", "Compliance Requirements Overview"],
  ])("%s → cites %s", async (question, title) => {
    const answer = await askAs(question);
    expect(answer.source).toBe("local");
    expect(answer.citations.map((c) => c.title)).toContain(title);
    expect(answer.confidence).toBeGreaterThan(0.5);
    expect(answer.answer).toMatch(/\[1\]/);
  });

  it("says plainly when the archive holds no answer, with low confidence", async () => {
    const answer = await askAs("What is the parking policy for visitors' bicycles at the Tokyo office?");
    expect(answer.citations).toEqual([]);
    expect(answer.confidence).toBeLessThan(0.35);
    expect(answer.answer).toMatch(/could not find an answer/);
  });
});

describe("POST /api/ai/ask: scope", () => {
  it("answers a specific question from the passage that states it", async () => {
    const answer = await askAs("What is the retention period for raw client files?");
    expect(answer.citations.map((c) => c.title)).toContain("Data Retention Policy");
    expect(answer.answer).toMatch(/7 days/);
  });

  it("never uses a draft the asker may not see", async () => {
    const docs = json<Document[]>(await t.request("GET", "/api/documents?pageSize=500", { as: "author" }));
    const draft = docs.find((d) => d.title === "Code Review Guidelines");
    expect(draft?.status).toBe("Draft");
    const question = "What is the test coverage threshold in the code review guidelines?";
    const asAuthor = await askAs(question, "author");
    expect(asAuthor.citations.map((c) => c.documentId)).toContain(draft?.id);
    const asViewer = await askAs(question, "viewer");
    expect(asViewer.citations.map((c) => c.documentId)).not.toContain(draft?.id);
  });

  it("knows a document by its initials and by the name in its title", async () => {
    const byInitials = await askAs("How quickly must the BCP restore systems?");
    expect(byInitials.citations[0]?.title).toBe("Business Continuity Plan");
    const named = await askAs("What does the expense policy say about receipts?");
    expect(named.citations[0]?.title).toBe("Expense Policy");
  });

  it("searches a title's words for initials no passage uses", async () => {
    const [viewer] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, "viewer"));
    const actor = { id: viewer!.id, username: "viewer", role: "Viewer" as const, via: "session" as const };
    const retrieval = await retrieve(t.ctx, actor, "Who maintains the BCP?");
    const bcp = retrieval.documents.find((d) => d.best.title === "Business Continuity Plan");
    expect(bcp?.features.searchRank).toBe(1);
    expect(bcp?.features.acronym).toBe(1);
  });

  it("weighs a computing word's documents' sense, not WordNet's general ones", async () => {
    const [viewer] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, "viewer"));
    const actor = { id: viewer!.id, username: "viewer", role: "Viewer" as const, via: "session" as const };
    const retrieval = await retrieve(t.ctx, actor, "Which folder holds the incident reports?");
    const synonyms = [...(retrieval.synonyms.get("folder") ?? [])];
    expect(synonyms).toContain("directori");
    expect(synonyms).not.toContain("booklet");
  });

  it("keeps only the WordNet synonyms the archive uses", async () => {
    const [viewer] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, "viewer"));
    const actor = { id: viewer!.id, username: "viewer", role: "Viewer" as const, via: "session" as const };
    const retrieval = await retrieve(t.ctx, actor, "Who reviews source code changes?");
    const synonyms = [...(retrieval.synonyms.get("code") ?? [])];
    expect(synonyms).not.toContain("cipher");
    expect(synonyms).not.toContain("enciph");
  });

  it("re-ranks as many candidate documents as asked (the benchmark's snapshots widen it)", async () => {
    const [viewer] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, "viewer"));
    const actor = { id: viewer!.id, username: "viewer", role: "Viewer" as const, via: "session" as const };
    const question = "What are the rules for travel, expenses and security?";
    const wide = await retrieve(t.ctx, actor, question, undefined, undefined, { candidateDocuments: 12 });
    const narrow = await retrieve(t.ctx, actor, question, undefined, undefined, { candidateDocuments: 2 });
    expect(wide.documents.length).toBeGreaterThan(8);
    expect(narrow.documents.length).toBe(2);
  });

  it("refuses a question whose words the archive never uses, even when one common word matches", async () => {
    const answer = await askAs("Which sourdough starter suits a rye bread policy?");
    expect(answer.citations).toEqual([]);
  });

  it("refuses an empty question with a clear 400", async () => {
    const res = await t.request("POST", "/api/ai/ask", { as: "viewer", body: { question: "   " } });
    expect(res.statusCode).toBe(400);
  });
});
