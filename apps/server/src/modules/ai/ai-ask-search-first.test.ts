import type { AiAnswer, SearchResult } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { processedDemoArchiveForFile } from "../../../test/support/demo-archive";
import { json } from "../../../test/support/harness";

const t = processedDemoArchiveForFile();

const askAs = async (question: string) =>
  json<AiAnswer>(await t.request("POST", "/api/ai/ask", { as: "viewer", body: { question } }));

const searchAs = async (q: string) =>
  json<SearchResult[]>(
    await t.request("GET", `/api/search?${new URLSearchParams({ q, mode: "hybrid" })}`, { as: "viewer" }),
  ).map((r) => r.document.title);

describe("POST /api/ai/ask starts from search's ranking", () => {
  it("cites search's top document first for a question whose answer search ranks first", async () => {
    const question = "How many days of paid annual leave do full-time employees receive?";
    const [top] = await searchAs("days paid annual leave full-time employees receive");
    expect(top).toBe("Leave Policy");
    const answer = await askAs(question);
    expect(answer.citations[0]?.title).toBe(top);
    expect(answer.answer).toMatch(/27 days/);
  });

  it("answers a near miss low, naming the case a possessive sets that the document does not cover", async () => {
    const answer = await askAs("How many days of annual leave does a client's contractor get?");
    expect(answer.confidence).toBeLessThan(0.3);
    expect(answer.notCovered).toEqual(expect.arrayContaining(["contractor"]));
    expect(answer.answer).toMatch(/does not mention[^.]*contractor/);
  });
});
