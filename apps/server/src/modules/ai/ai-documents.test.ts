import { parse } from "content-disposition";
import type { ChangeAnalysis, Document, Improvement, Summary } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { demoDocumentsByTitle, processedDemoArchiveForFile } from "../../../test/support/demo-archive";
import { json } from "../../../test/support/harness";

const t = processedDemoArchiveForFile();
const byTitle = demoDocumentsByTitle(t);

const summaryOf = async (id: string, query = "") =>
  json<Summary>(await t.request("GET", `/api/documents/${id}/summary${query}`, { as: "viewer" }));

describe("GET /api/documents/:id/summary", () => {
  it("names the rule and the section where personal data without a retention clause was found", async () => {
    const summary = await summaryOf(byTitle("Incident Response Runbook").id);
    expect(summary.riskLevel).toBe("High");
    expect(summary.riskNotes[0]).toMatch(
      /^Personal data without a retention clause: 5 e-mail addresses and 5 phone numbers in § 5\. Escalation contacts$/,
    );
    expect(summary.version).toBe(2);
    expect(summary.changeHighlights.join("\n")).toMatch(/§ 8\. Closing the incident/);
  });

  it("quotes key points from the text in document order, and differs between documents", async () => {
    const id = byTitle("Expense Policy").id;
    const doc = json<Document>(await t.request("GET", `/api/documents/${id}`, { as: "viewer" }));
    const text = doc.currentVersion.content.replace(/\*\*/g, "").replace(/\s+/g, " ");
    const summary = await summaryOf(id);
    expect(summary.keyPoints.length).toBeGreaterThanOrEqual(3);
    const positions = summary.keyPoints.map((p) => text.indexOf(p.slice(0, 40)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const other = await summaryOf(byTitle("Leave Policy").id);
    expect(other.keyPoints).not.toEqual(summary.keyPoints);
  });

  it("flags a passed review date as High with an action, and a first version has no diff", async () => {
    const summary = await summaryOf(byTitle("Business Continuity Plan").id);
    expect(summary.riskLevel).toBe("High");
    expect(summary.riskNotes.join("\n")).toMatch(
      /Review date passed: the stated review date \(30 September 2025\)/,
    );
    expect(summary.suggestedActions[0]).toMatch(/^Review and re-approve the document/);
    expect(summary.changeHighlights).toEqual(["First version: there is no earlier version to compare with"]);
  });

  it("summarises each version: highlights come from the diff to the version before", async () => {
    const doc = byTitle("Platform API Reference: User Endpoints");
    const v3 = await summaryOf(doc.id);
    const v2 = await summaryOf(doc.id, "?version=2");
    expect(v3.changeHighlights.join("\n")).toMatch(/600 → 1,000/);
    expect(v2.changeHighlights.join("\n")).not.toMatch(/600 → 1,000/);
    expect(v2.version).toBe(2);
  });

  it("is cached per version; refresh recomputes; markdown export downloads", async () => {
    const id = byTitle("Travel Policy").id;
    const first = await summaryOf(id);
    t.clock.advance(60_000);
    expect((await summaryOf(id)).updatedAt).toBe(first.updatedAt);
    const refreshed = json<Summary>(
      await t.request("POST", `/api/documents/${id}/summary/refresh`, { as: "viewer" }),
    );
    expect(refreshed.updatedAt).not.toBe(first.updatedAt);
    const md = await t.request("GET", `/api/documents/${id}/summary.md`, { as: "viewer" });
    expect(md.statusCode).toBe(200);
    expect(parse(md.headers["content-disposition"] as string)).toEqual({
      type: "attachment",
      parameters: { filename: "Travel_Policy_summary_v2.md" },
    });
    expect(md.body).toMatch(/^# AI summary: Travel Policy\n/);
    expect(md.body).toContain("## Risk notes");
  });

  it("answers 404 for a draft the reader may not see", async () => {
    const draft = byTitle("Code Review Guidelines");
    expect((await t.request("GET", `/api/documents/${draft.id}/summary`, { as: "viewer" })).statusCode).toBe(
      404,
    );
    expect((await t.request("GET", `/api/documents/${draft.id}/summary`, { as: "author" })).statusCode).toBe(
      200,
    );
  });
});

describe("GET /api/documents/:id/improvements", () => {
  const improvementsOf = async (title: string) =>
    json<Improvement[]>(
      await t.request("GET", `/api/documents/${byTitle(title).id}/improvements`, { as: "admin" }),
    );

  it("finds the planted problems with priority, type and time, with stable ids", async () => {
    const code = await improvementsOf("Code Review Guidelines");
    expect(code.map((i) => i.rule)).toEqual(
      expect.arrayContaining(["missing-review-date", "unresolved-todo"]),
    );
    const todo = code.find((i) => i.rule === "unresolved-todo");
    expect(todo).toMatchObject({ priority: "Medium", type: "process" });
    expect(todo?.description).toMatch(
      /2 unresolved markers \(TODO\) in § 6\. Automated checks and § 7\. Measuring the process/,
    );
    expect((await improvementsOf("Code Review Guidelines")).map((i) => i.id)).toEqual(code.map((i) => i.id));

    const brand = await improvementsOf("Brand Guidelines");
    expect(brand[0]).toMatchObject({ rule: "missing-owner", priority: "High" });
    const incident = await improvementsOf("Incident Response Runbook");
    expect(incident.find((i) => i.rule === "personal-data")).toMatchObject({
      priority: "High",
      type: "security",
    });
    expect(new Set(incident.map((i) => i.id))).not.toEqual(new Set(brand.map((i) => i.id)));
  });
});

describe("GET /api/documents/:id/diff/:from/:to/analysis", () => {
  it("reports sections, changed figures and obligations from the real diff", async () => {
    const doc = byTitle("Platform API Reference: User Endpoints");
    const analysis = json<ChangeAnalysis>(
      await t.request("GET", `/api/documents/${doc.id}/diff/2/3/analysis`, { as: "viewer" }),
    );
    expect(analysis.figures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ section: "9. Rate limits", before: "600", after: "1,000" }),
      ]),
    );
    expect(analysis.obligationsAdded.join("\n")).toMatch(
      /POST requests must include an Idempotency-Key header/,
    );
    expect(analysis.riskLevel).toBe("Medium");
    const earlier = json<ChangeAnalysis>(
      await t.request("GET", `/api/documents/${doc.id}/diff/1/2/analysis`, { as: "viewer" }),
    );
    expect(earlier.keyChanges).not.toEqual(analysis.keyChanges);
    const same = json<ChangeAnalysis>(
      await t.request("GET", `/api/documents/${doc.id}/diff/3/3/analysis`, { as: "viewer" }),
    );
    expect(same).toMatchObject({ keyChanges: ["No changes between these versions"], riskLevel: "Low" });
    expect(
      (await t.request("GET", `/api/documents/${doc.id}/diff/1/9/analysis`, { as: "viewer" })).statusCode,
    ).toBe(404);
  });
});
