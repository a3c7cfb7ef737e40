import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyseChange } from "./diff-analysis";
import { extractKeyPoints } from "./key-points";
import { assessRisk } from "./risk-rules";
import { checkContent } from "./content-checks";
import { summarizeDocument } from "./summary";

const demo = (path: string) =>
  readFileSync(new URL(`../../../apps/server/src/demo/content/${path}`, import.meta.url), "utf8");

describe("analyseChange", () => {
  it("reports changed figures with their section and the obligation added", () => {
    const a = analyseChange(
      demo("platform-api-user-endpoints/v2.md"),
      demo("platform-api-user-endpoints/v3.md"),
    );
    expect(a.figures).toContainEqual(
      expect.objectContaining({ section: "9. Rate limits", before: "600", after: "1,000", kind: "number" }),
    );
    expect(a.obligationsAdded[0]).toMatch(/^POST requests must include an Idempotency-Key header/);
    expect(a.sections.map((s) => s.section)).toContain("5.1 Idempotency");
    expect(a.riskLevel).toBe("Medium");
  });

  it("sees amounts change in the expense policy and nothing in an unchanged text", () => {
    const a = analyseChange(demo("expense-policy/v2.md"), demo("expense-policy/v3.md"));
    expect(a.figures).toContainEqual(
      expect.objectContaining({ kind: "amount", before: "£40", after: "£45" }),
    );
    const same = analyseChange(demo("expense-policy/v3.md"), demo("expense-policy/v3.md"));
    expect(same).toMatchObject({ keyChanges: ["No changes between these versions"], riskLevel: "Low" });
  });

  it("says a version that removed personal data removed it, and never that it added any", () => {
    const a = analyseChange(demo("incident-response-runbook/v2.md"), demo("incident-response-runbook/v1.md"));
    expect(a.personalDataAdded).toBe(0);
    expect(a.personalDataRemoved).toBeGreaterThan(0);
    expect(a.impact).toMatch(/of personal data removed/);
    expect(a.impact).not.toMatch(/personal data (?:was )?added|added or most/);
    expect(a.keyChanges).toContain(`Personal data removed: ${a.personalDataRemoved} items`);
  });

  it("lists each change once, at its section, including a plain-text licence's numbered clauses", () => {
    const apache = readFileSync("/usr/share/common-licenses/Apache-2.0", "utf8");
    const edited = apache.replace("royalty-free, irrevocable", "royalty-free, revocable");
    const a = analyseChange(apache, edited);
    expect(a.keyChanges).toHaveLength(new Set(a.keyChanges).size);
    const lines = a.keyChangeItems.filter((i) => i.newLine !== null).map((i) => i.newLine);
    expect(lines).toHaveLength(new Set(lines).size);
    expect(a.keyChanges.join("\n")).toMatch(/§ 2\. Grant of Copyright License/);
    expect(a.keyChanges.join("\n")).not.toMatch(/at the start|in the introduction/);
  });

  it("rates added personal data as High", () => {
    const a = analyseChange(demo("incident-response-runbook/v1.md"), demo("incident-response-runbook/v2.md"));
    expect(a.personalDataAdded).toBeGreaterThan(0);
    expect(a.riskLevel).toBe("High");
  });

  it("reads a section inserted before renumbered headings as one added section, not rewordings", () => {
    const a = analyseChange(
      demo("information-security-policy/v2.md"),
      demo("information-security-policy/v3.md"),
    );
    expect(a.keyChanges.filter((k) => k.startsWith("Reworded"))).toEqual([]);
    const added = a.keyChanges.filter((k) => k.includes("Generative AI tools"));
    expect(added).toEqual(['Added section: "9. Generative AI tools" and 2 more lines']);
    expect(a.keyChanges).toContain('Renumbered: "9. Training" → "10. Training" and 2 more lines');
    expect(a.sections.map((s) => s.section)).not.toContain("8. Incident reporting");
    const training = a.keyChangeItems.find((k) => k.text.startsWith("Renumbered"));
    expect(training).toMatchObject({ oldLine: 74, newLine: 80 });
  });

  it("drops a clause's number from a summary's key points", () => {
    const points = summarizeDocument({
      title: "Information Security Policy",
      content: demo("information-security-policy/v3.md"),
      previousContent: null,
      status: "Approved",
      now: new Date("2026-11-30T12:00:00Z"),
    }).keyPoints;
    expect(points).toContain(
      "Any actual or suspected security incident must be reported within 24 hours of discovery.",
    );
    for (const point of points) expect(point).not.toMatch(/^\d+(?:\.\d+)*\.?\s/);
  });
});

describe("risk rules and summaries", () => {
  it("names the rule and where it fired", () => {
    const text = demo("incident-response-runbook/v2.md");
    const risk = assessRisk(text, checkContent(text));
    expect(risk.riskLevel).toBe("High");
    expect(risk.notes[0]?.note).toBe(
      "Personal data without a retention clause: 5 e-mail addresses and 5 phone numbers in § 5. Escalation contacts",
    );
    expect(risk.notes.map((n) => n.rule)).toContain("obligation-with-deadline");
  });

  it("picks key points in document order from the text itself", () => {
    const text = demo("information-security-policy/v3.md");
    const points = extractKeyPoints(text, { max: 4 });
    expect(points).toHaveLength(4);
    expect(points.map((p) => p.start)).toEqual([...points.map((p) => p.start)].sort((a, b) => a - b));
    for (const p of points) expect(text.replace(/\*\*/g, "")).toContain(p.text.slice(0, 30));
  });

  it("suggests actions from the state and the checks", () => {
    const summary = summarizeDocument({
      title: "Code Review Guidelines",
      content: demo("code-review-guidelines/v1.md"),
      previousContent: null,
      status: "Draft",
      now: new Date("2026-11-22"),
    });
    expect(summary.suggestedActions).toEqual(
      expect.arrayContaining([
        "Submit for review once the draft is complete",
        "Add a review date so the document is checked periodically",
        "Resolve the 2 unresolved markers (TODO) before approval",
      ]),
    );
  });
});
