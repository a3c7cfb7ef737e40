import { readFileSync } from "node:fs";
import type { Category, ChangeAnalysis, Document, Summary } from "@quire/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { fixture } from "../../../test/support/fixtures";
import { json, multipart } from "../../../test/support/harness";

/**
 * Summaries, tags and change analysis on real documents as people upload them: a pdfTeX
 * specification, a licence saved as DOCX, a project README, a runbook that loses its contacts.
 */
const t = appForFile();
let categoryId = "";
beforeAll(async () => {
  categoryId = json<Category[]>(await t.request("GET", "/api/categories", { as: "admin" }))[0]!.id;
});

/** Markup a reader must never see in a summary. */
const MARKUP = /^#|\]\(|\]\[|<https?:|\\[.=<>*_-]|\*\*|`/;
const demo = (path: string) => readFileSync(new URL(`../../demo/content/${path}`, import.meta.url), "utf8");

async function upload(name: string, bytes: Uint8Array, title?: string): Promise<Document> {
  const fields: Record<string, string> = { categoryId, allowDuplicate: "true", ...(title ? { title } : {}) };
  const { body, headers } = multipart(fields, { name, bytes });
  const res = await t.request("POST", "/api/documents/upload", { as: "admin", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  await t.runner.runUntilIdle();
  return read(json<Document>(res).id);
}

const read = async (id: string) =>
  json<Document>(await t.request("GET", `/api/documents/${id}`, { as: "admin" }));
const summaryOf = async (id: string) =>
  json<Summary>(await t.request("GET", `/api/documents/${id}/summary`, { as: "admin" }));

async function newVersion(doc: Document, content: string): Promise<Document> {
  const body = { content, expectedVersion: doc.currentVersionNumber };
  const res = await t.request("POST", `/api/documents/${doc.id}/versions`, { as: "admin", body });
  expect(res.statusCode, res.body).toBe(201);
  await t.runner.runUntilIdle();
  return read(doc.id);
}

/** The text's words in order, lower case, so a tag can be looked for as a phrase of it. */
const words = (text: string) => ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ")} `;

function expectCleanSummary(summary: Summary): void {
  for (const point of [...summary.keyPoints, ...summary.riskNotes]) expect(point).not.toMatch(MARKUP);
  expect(summary.riskNotes.join("\n")).not.toMatch(/rule fired/);
}

describe("summaries of real documents say what kind of document they are", () => {
  it("a pdfTeX specification with numbered headings is a specification, not a change log", async () => {
    const doc = await upload("shared-mime-info-spec.pdf", fixture("shared-mime-info-spec.pdf"));
    const summary = await summaryOf(doc.id);
    expect(summary.kind).toBe("Specification");
    expect(summary.keyPoints[0]).toMatch(/specification/i);
    expect(summary.keyPoints.join("\n")).not.toMatch(/change log|releases|Latest release/i);
    expectCleanSummary(summary);
  });

  it("a licence saved as DOCX, one line per paragraph, is a licence quoted in whole sentences", async () => {
    const doc = await upload("apache-2.0.docx", fixture("apache-2.0.docx"));
    const summary = await summaryOf(doc.id);
    expect(summary.kind).toBe("Licence");
    expect(summary.keyPoints[0]).toMatch(/^(?:Licence: )?Apache License, Version 2\.0/);
    for (const point of summary.keyPoints.slice(1)) expect(point).toMatch(/^["(A-Z]/);
    expect(summary.keyPoints.join("\n")).toMatch(/hereby grants to You a perpetual, worldwide/);
    expectCleanSummary(summary);
  });
});

describe("tags follow each version's text unless a person chose them", () => {
  it("tags a README with phrases of its text, finds them again for a new version, and keeps a person's", async () => {
    const readme = readFileSync("/usr/share/doc/mosquitto/README.md", "utf8");
    const v1 = await upload("README.md", new TextEncoder().encode(readme));
    expect((await summaryOf(v1.id)).kind).toBe("README");
    expect(v1.tags.length).toBeGreaterThan(0);
    for (const tag of v1.tags) {
      expect(words(readme)).toContain(` ${tag} `);
      expect(tag).not.toMatch(/\b(?:https?|www|com|org|github|travis|svg|branch)\b/);
    }
    const bugs = readFileSync(new URL("../../../test-fixtures/procps-bugs.md", import.meta.url), "utf8");
    const v2 = await newVersion(v1, bugs);
    expect(v2.tags).not.toEqual(v1.tags);
    for (const tag of v2.tags) expect(words(`${v2.title}\n${bugs}`)).toContain(` ${tag} `);

    const chosen = await t.request("PATCH", `/api/documents/${v1.id}`, {
      as: "admin",
      body: { tags: ["mqtt broker"] },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const v3 = await newVersion(await read(v1.id), readme);
    expect(v3.currentVersionNumber).toBe(3);
    expect(v3.tags).toEqual(["mqtt broker"]);
  });
});

describe("change analysis of a version that removed personal data", () => {
  it("says it was removed, lists each change once and places it in its section", async () => {
    const runbook = "incident-response-runbook";
    const first = await upload("runbook.md", new TextEncoder().encode(demo(`${runbook}/v2.md`)), "Runbook");
    const doc = await newVersion(first, demo(`${runbook}/v1.md`));
    const analysis = json<ChangeAnalysis>(
      await t.request("GET", `/api/documents/${doc.id}/diff/1/2/analysis`, { as: "admin" }),
    );
    expect(analysis.impact).toMatch(/personal data removed/);
    expect(analysis.impact).not.toMatch(/personal data (?:was )?added|added or most/);
    expect(analysis.keyChanges).toHaveLength(new Set(analysis.keyChanges).size);
    const rows = analysis.keyChangeItems.flatMap((i) =>
      [i.oldLine === null ? null : `old ${i.oldLine}`, i.newLine === null ? null : `new ${i.newLine}`].filter(
        (row) => row !== null,
      ),
    );
    expect(rows).toHaveLength(new Set(rows).size);
    expect(analysis.keyChanges.join("\n")).toMatch(/§ 5\. Escalation contacts/);
    const summary = await summaryOf(doc.id);
    expect(summary.changeHighlights.join("\n")).toMatch(/Personal data removed/);
    expect(summary.changeHighlights.join("\n")).not.toMatch(/Personal data added/);
  });
});
