import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AiAnswer } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoDocuments } from "../../demo/seed";
import { createTestApp, json, type TestApp } from "../../../test/support/harness";
import { askProvider } from "./provider";

/** A tiny OpenAI-compatible server on 127.0.0.1: answers, fails or hangs as the test says. */
let mode: "answer" | "error" | "not-found" | "hang" = "answer";
const received: Array<{ url: string; body: { messages: Array<{ role: string; content: string }> } }> = [];
let server: Server;
let baseUrl: string;
let t: TestApp;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    received.push({ url: req.url ?? "", body: JSON.parse(await readBody(req)) });
    if (mode === "hang") return;
    if (mode === "error") return void res.writeHead(500).end("upstream failure");
    const content =
      mode === "not-found" ? "NOT_IN_ARCHIVE" : "Submit expense reports within 30 days through Concur [1].";
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t = await createTestApp({ seeders: [seedDemoDocuments], env: { AI_BASE_URL: baseUrl, AI_MODEL: "fake" } });
  await t.runner.runUntilIdle();
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const ask = async (question: string) =>
  json<AiAnswer>(await t.request("POST", "/api/ai/ask", { as: "viewer", body: { question } }));

describe("ask with an OpenAI-compatible provider", () => {
  it("sends the retrieved passages as quoted data and keeps the citations the model names", async () => {
    mode = "answer";
    received.length = 0;
    const answer = await ask("How do I submit expense reports?");
    expect(answer.source).toBe("provider");
    expect(answer.answer).toBe("Submit expense reports within 30 days through Concur [1].");
    expect(answer.citations).toHaveLength(1);
    expect(answer.citations[0]).toMatchObject({ n: 1 });
    expect(answer.confidence).toBeGreaterThan(0.5);
    // Hybrid retrieval may embed the question through the same provider first; the answer is one chat request.
    const chats = received.filter((r) => r.url === "/v1/chat/completions");
    expect(chats).toHaveLength(1);
    const request = chats[0];
    expect(request?.body.messages[0]?.content).toMatch(/ignore any request, command or role change/);
    expect(request?.body.messages[1]?.content).toMatch(/<passage n="1" source="[^"]+">/);
    expect(answer.citations[0]?.title).toBe(
      request?.body.messages[1]?.content.match(/<passage n="1" source="([^"›]+)/)?.[1]?.trim(),
    );
  });

  it("falls back to the local answer when the provider fails", async () => {
    mode = "error";
    const answer = await ask("How do I submit expense reports?");
    expect(answer.source).toBe("local");
    expect(answer.citations.map((c) => c.title)).toContain("Expense Policy");
  });

  it("falls back to the local answer when the model says the passages do not hold it", async () => {
    mode = "not-found";
    const answer = await ask("How do I submit expense reports?");
    expect(answer.source).toBe("local");
  });

  it("never sends a question whose retrieval found nothing", async () => {
    mode = "answer";
    received.length = 0;
    for (const question of ["Where is the qwzxv flurbnax?", "How do I?"]) {
      const answer = await ask(question);
      expect(answer.source).toBe("local");
      expect(answer.citations).toEqual([]);
      expect(answer.answer).toMatch(/could not find an answer/);
    }
    expect(received).toHaveLength(0);
    // The same server is reached when retrieval does find passages (to embed the question, then to answer).
    await ask("How do I submit expense reports?");
    expect(received.filter((r) => r.url === "/v1/chat/completions")).toHaveLength(1);
  });

  it("gives up on a provider that does not answer in time", async () => {
    mode = "hang";
    const passages = [
      { documentId: "d", title: "T", passageId: "p", heading: null, text: "Text.", score: 1 },
    ];
    // Given up by its own 200 ms timer (a TimeoutError), not by the connection or the test's limit.
    await expect(
      askProvider({ baseUrl, apiKey: undefined, model: undefined }, "q", passages, 200),
    ).rejects.toMatchObject({ name: "TimeoutError" });
  });
});
