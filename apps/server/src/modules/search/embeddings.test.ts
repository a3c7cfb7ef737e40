import { fitLsa } from "@quire/textkit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../config";
import type { AppContext } from "../../context";
import {
  aiEmbed,
  decodeEmbedding,
  deserializeModel,
  encodeEmbedding,
  lsaEmbed,
  serializeModel,
} from "./embeddings";

const ctxWithAi = {
  config: {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/unused" }),
    ai: { baseUrl: "http://ai.test/v1", apiKey: "k", model: "m" },
  },
} as unknown as AppContext; // aiEmbed reads only the configuration

afterEach(() => vi.unstubAllGlobals());

describe("aiEmbed", () => {
  it("posts the texts to /embeddings and answers unit vectors in input order", async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        data: [
          { index: 1, embedding: [0, 2] },
          { index: 0, embedding: [3, 4] },
        ],
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const vectors = await aiEmbed(ctxWithAi, ["a", "b"]);
    expect(vectors?.map((v) => [...v].map((x) => Math.round(x * 10) / 10))).toEqual([
      [0.6, 0.8],
      [0, 1],
    ]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toBe("http://ai.test/v1/embeddings");
    expect(init.headers).toMatchObject({ authorization: "Bearer k" });
  });

  it("answers null (so callers fall back) on errors, bad answers and timeouts", async () => {
    vi.stubGlobal("fetch", async () => new Response("no", { status: 500 }));
    expect(await aiEmbed(ctxWithAi, ["a"])).toBeNull();
    vi.stubGlobal("fetch", async () => Response.json({ data: [{ embedding: ["x"] }] }));
    expect(await aiEmbed(ctxWithAi, ["a"])).toBeNull();
    vi.stubGlobal("fetch", async () => {
      throw new DOMException("timed out", "TimeoutError");
    });
    expect(await aiEmbed(ctxWithAi, ["a"])).toBeNull();
    expect(await aiEmbed({ config: { ai: undefined } } as unknown as AppContext, ["a"])).toBeNull();
  });
});

describe("stored model and embeddings", () => {
  it("round-trip through their stored forms closely enough to rank the same", () => {
    const texts = [
      "invoices are approved by finance",
      "finance approves every invoice",
      "servers are patched monthly",
      "patch the servers each month",
      "holiday requests go to your manager",
      "managers approve holiday requests",
    ];
    const model = fitLsa(texts, { dims: 3, minDocumentFrequency: 1 })!;
    const stored = { model, tag: "lsa:test", passagesAtFit: 6 };
    const restored = deserializeModel(JSON.parse(JSON.stringify(serializeModel(stored))));
    expect(restored.tag).toBe("lsa:test");
    const before = lsaEmbed(stored, "approve invoices")!;
    const after = lsaEmbed(restored, "approve invoices")!;
    before.forEach((value, i) => expect(after[i]).toBeCloseTo(value, 1));
    const decoded = decodeEmbedding(encodeEmbedding("lsa:test", before));
    expect(decoded.tag).toBe("lsa:test");
    expect(decoded.vector.codes.length).toBe(before.length);
  });
});
