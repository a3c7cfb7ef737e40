import type { AiAnswer } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { demoDocumentsByTitle, processedDemoArchiveForFile } from "../../../test/support/demo-archive";
import { json } from "../../../test/support/harness";

const t = processedDemoArchiveForFile();
const byTitle = demoDocumentsByTitle(t);

const askAbout = (question: string, documentId: string, as = "viewer") =>
  t.request("POST", "/api/ai/ask", { as, body: { question, documentId } });

describe("POST /api/ai/ask with documentId: answers from that document only", () => {
  const PATERNITY = "How long is paternity and partner leave?";

  it("cites only the named document", async () => {
    const leave = byTitle("Leave Policy");
    const answer = json<AiAnswer>(await askAbout(PATERNITY, leave.id));
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(new Set(answer.citations.map((c) => c.documentId))).toEqual(new Set([leave.id]));
    expect(answer.answer).toMatch(/4 weeks/);
  });

  it("says this document does not answer rather than citing another that does", async () => {
    const expenses = byTitle("Expense Policy");
    const archiveWide = json<AiAnswer>(
      await t.request("POST", "/api/ai/ask", { as: "viewer", body: { question: PATERNITY } }),
    );
    expect(archiveWide.citations.map((c) => c.title)).toContain("Leave Policy");
    const answer = json<AiAnswer>(await askAbout(PATERNITY, expenses.id));
    expect(answer.citations.every((c) => c.documentId === expenses.id)).toBe(true);
    expect(answer.answer).not.toMatch(/4 weeks/);
    if (answer.citations.length === 0) expect(answer.answer).toMatch(/in this document/);
  });

  it("answers 404 for a document the asker may not read, as for an unknown one, and 400 for an empty one", async () => {
    const draft = byTitle("Code Review Guidelines");
    expect((await askAbout("Who reviews code?", draft.id, "author")).statusCode).toBe(200);
    const hidden = await askAbout("Who reviews code?", draft.id, "viewer");
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toMatch(/Code Review/);
    const unknown = await askAbout("Who reviews code?", "00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect((await askAbout("Who reviews code?", "")).statusCode).toBe(400);
  });
});
