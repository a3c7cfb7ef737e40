import { featureOffMessages, type Document, type FeatureName } from "@quire/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoDocuments } from "../../demo/seed";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";

const t = appForFile({ seeders: [seedDemoDocuments] });
let runbook: string;
beforeAll(async () => {
  const docs = json<Document[]>(await t.request("GET", "/api/documents?pageSize=500", { as: "admin" }));
  const doc = docs.find((d) => d.title === "Incident Response Runbook");
  if (!doc) throw new Error("no demo document 'Incident Response Runbook'");
  runbook = doc.id;
});

async function setFeature(feature: FeatureName, on: boolean): Promise<void> {
  const res = await t.request("PATCH", "/api/settings", {
    as: "admin",
    body: { features: { [feature]: on } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Each gated call, as a role that may make it when the feature is on. */
const gated: Record<"aiSummaries" | "versionDiff", Array<[string, () => string, string]>> = {
  aiSummaries: [
    ["GET", () => `/api/documents/${runbook}/summary`, "viewer"],
    ["GET", () => `/api/documents/${runbook}/summary.md`, "viewer"],
    ["POST", () => `/api/documents/${runbook}/summary/refresh`, "admin"],
  ],
  versionDiff: [
    ["GET", () => `/api/documents/${runbook}/diff/1/2`, "viewer"],
    ["GET", () => `/api/documents/${runbook}/diff/1/2/analysis`, "viewer"],
  ],
};

describe("feature toggles are enforced by the API", () => {
  for (const [feature, calls] of Object.entries(gated) as Array<
    [FeatureName, (typeof gated)["aiSummaries"]]
  >) {
    it(`${feature}: off answers 403 with the reason, on again answers 200`, async () => {
      for (const [method, url, as] of calls) {
        expect((await t.request(method as "GET", url(), { as })).statusCode, url()).toBe(200);
      }
      await setFeature(feature, false);
      try {
        for (const [method, url, as] of calls) {
          const res = await t.request(method as "GET", url(), { as });
          expect(res.statusCode, url()).toBe(403);
          expect(json<{ message: string }>(res).message).toBe(featureOffMessages[feature]);
        }
        // Anonymous callers are still told to sign in, not which features are on.
        expect((await t.request("GET", calls[0]![1](), { as: null })).statusCode).toBe(401);
      } finally {
        await setFeature(feature, true);
      }
      for (const [method, url, as] of calls) {
        expect((await t.request(method as "GET", url(), { as })).statusCode, url()).toBe(200);
      }
    });
  }

  it("approvalWorkflows off refuses submitting for review, but started rounds stay listed", async () => {
    const docs = json<Document[]>(await t.request("GET", "/api/documents?pageSize=500", { as: "author" }));
    const draft = docs.find((d) => d.status === "Draft");
    if (!draft) throw new Error("the demo archive has no Draft");
    await setFeature("approvalWorkflows", false);
    try {
      const res = await t.request("POST", `/api/documents/${draft.id}/submit-review`, {
        as: "admin",
        body: {},
      });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(featureOffMessages.approvalWorkflows);
      const after = json<Document>(await t.request("GET", `/api/documents/${draft.id}`, { as: "admin" }));
      expect(after.status).toBe("Draft");
      expect((await t.request("GET", "/api/approvals", { as: "reviewer" })).statusCode).toBe(200);
      expect((await t.request("GET", "/api/approvals/stats", { as: "approver" })).statusCode).toBe(200);
    } finally {
      await setFeature("approvalWorkflows", true);
    }
  });

  it("semanticSearch off: a hybrid search still answers, by full text, and says so", async () => {
    const url = "/api/search?q=incident%20response&mode=hybrid";
    const on = await t.request("GET", url, { as: "viewer" });
    expect(on.statusCode).toBe(200);
    expect(on.headers["x-quire-search-mode"]).toBe("hybrid");
    await setFeature("semanticSearch", false);
    try {
      const off = await t.request("GET", url, { as: "viewer" });
      expect(off.statusCode).toBe(200);
      expect(off.headers["x-quire-search-mode"]).toBe("fulltext");
      const plain = await t.request("GET", "/api/search?q=incident%20response", { as: "viewer" });
      expect(off.body).toBe(plain.body);
    } finally {
      await setFeature("semanticSearch", true);
    }
  });
});
