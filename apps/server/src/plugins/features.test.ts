import { readFileSync } from "node:fs";
import { featureOffMessages, type Features } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, multipart, type TestApp } from "../test/harness";

const text = readFileSync(new URL("../../test-fixtures/dpkg-triggers.txt", import.meta.url));
let t: TestApp;
let documentId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [category] = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "author" }));
  const { body, headers } = multipart({ categoryId: category!.id }, { name: "triggers.txt", bytes: text });
  const created = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  documentId = json<{ id: string }>(created).id;
  await t.runner.runUntilIdle();
  const edited = await t.request("POST", `/api/documents/${documentId}/versions`, {
    as: "author",
    body: { content: `${text.toString("utf8")}\nA closing line.\n`, expectedVersion: 1 },
  });
  expect(edited.statusCode, edited.body).toBe(201);
  await t.runner.runUntilIdle();
});
afterAll(async () => t.close());

const setFeature = async (feature: keyof Features, on: boolean) => {
  const res = await t.request("PATCH", "/api/settings", {
    as: "admin",
    body: { features: { [feature]: on } },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe("feature toggles are enforced by the API", () => {
  const cases: Array<[keyof Features, string, () => [string, string, unknown?]]> = [
    ["aiSummaries", "the summary", () => ["GET", `/api/documents/${documentId}/summary`]],
    ["aiSummaries", "the summary download", () => ["GET", `/api/documents/${documentId}/summary.md`]],
    ["versionDiff", "a version comparison", () => ["GET", `/api/documents/${documentId}/diff/1/2`]],
    ["versionDiff", "its change analysis", () => ["GET", `/api/documents/${documentId}/diff/1/2/analysis`]],
    [
      "approvalWorkflows",
      "submitting for review",
      () => ["POST", `/api/documents/${documentId}/submit-review`, {}],
    ],
  ];
  for (const [feature, what, make] of cases) {
    it(`${feature} off refuses ${what} with 403 and its message; on again, it answers`, async () => {
      const [method, url, body] = make();
      await setFeature(feature, false);
      const refused = await t.request(method as "GET", url, { as: "author", body });
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toEqual({ message: featureOffMessages[feature] });
      await setFeature(feature, true);
      const answered = await t.request(method as "GET", url, { as: "author", body });
      expect(answered.statusCode, answered.body).toBeLessThan(300);
    });
  }

  it("semantic search off answers a hybrid search by full-text and says so", async () => {
    const hybrid = await t.request("GET", "/api/search?q=trigger&mode=hybrid", { as: "author" });
    expect(hybrid.headers["x-quire-search-mode"]).toBe("hybrid");
    await setFeature("semanticSearch", false);
    const fallback = await t.request("GET", "/api/search?q=trigger&mode=hybrid", { as: "author" });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers["x-quire-search-mode"]).toBe("fulltext");
    expect(json<Array<{ document: { id: string } }>>(fallback).map((r) => r.document.id)).toContain(
      documentId,
    );
    await setFeature("semanticSearch", true);
  });
});
