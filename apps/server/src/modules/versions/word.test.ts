import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditPage, Document, Version } from "@quire/contracts";
import { documents } from "../../db/schema";
import { convertToMarkdown, MEDIA_TYPES } from "../../ingest";
import { appForFile } from "../../../test/support/app-for-file";
import { json, multipart } from "../../../test/support/harness";

const fixture = (name: string) => readFileSync(new URL(`../../../test-fixtures/${name}`, import.meta.url));

const t = appForFile();
let category: string;
beforeAll(async () => {
  category = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }))[0]!.id;
});

async function upload(name: string, bytes: Uint8Array, title: string): Promise<Document> {
  const { body, headers } = multipart({ categoryId: category, title }, { name, bytes });
  const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  return json<Document>(res);
}

async function edit(id: string, content: string, expectedVersion: number): Promise<Document> {
  const res = await t.request("POST", `/api/documents/${id}/versions`, {
    as: "author",
    body: { content, expectedVersion, changeNote: "Edited in the browser" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<Document>(res);
}

const versions = async (id: string) =>
  json<Version[]>(await t.request("GET", `/api/documents/${id}/versions`, { as: "author" }));

const wordDownload = (id: string, version: number, as = "author") =>
  t.request("GET", `/api/documents/${id}/versions/${version}/download?format=docx`, { as });

/** What the product's own DOCX converter makes of downloaded bytes. */
const readBack = async (bytes: Buffer) => (await convertToMarkdown(bytes, "docx")).markdown;

const ADDED = [
  "## Signing the amended licence",
  "",
  "Both parties sign the amended licence before **1 March 2027**, as agreed in the review.",
  "",
  "| Party | Signs | Copies |",
  "| --- | --- | --- |",
  "| Licensor | Yes | 2 |",
  "| Licensee | Yes | 1 |",
  "",
  "- First step",
  "  - A nested step",
  "",
].join("\n");

describe("editing a Word document", () => {
  it("saves the edit as a Word file written from the text, which the converter reads back", async () => {
    const doc = await upload("base-passwd.docx", fixture("base-passwd.docx"), "Users and Groups");
    const content = `${doc.currentVersion.content.trimEnd()}\n\n${ADDED}`;
    const saved = await edit(doc.id, content, 1);
    expect(saved.currentVersionNumber).toBe(2);
    expect(saved.currentVersion.content).toBe(content);
    expect(saved.mediaType).toBe(MEDIA_TYPES.docx);

    const [v2, v1] = await versions(doc.id);
    expect(v2).toMatchObject({ version: 2, mediaType: MEDIA_TYPES.docx, originalFromText: true });
    expect(v2?.originalFilename).toBe("Users and Groups.docx");
    expect(v1).toMatchObject({ version: 1, originalFilename: "base-passwd.docx", originalFromText: false });

    const original = await t.request("GET", `/api/documents/${doc.id}/versions/2/original`, { as: "author" });
    expect(original.statusCode).toBe(200);
    expect(original.headers["content-type"]).toBe(MEDIA_TYPES.docx);
    expect(original.headers["content-disposition"]).toContain('filename="Users and Groups.docx"');
    const markdown = await readBack(original.rawPayload);
    expect(markdown).toContain("## Signing the amended licence");
    expect(markdown).toContain(
      "Both parties sign the amended licence before **1 March 2027**, as agreed in the review.",
    );
    expect(markdown).toMatch(
      /\| Party \| Signs \| Copies \|\n\| --- \| --- \| --- \|\n\| Licensor +\| Yes +\| 2 +\|/,
    );
    expect(markdown).toMatch(/- First step\n {2}- A nested step/);
    // The uploaded document's own headings, list and table survive the round trip too.
    const spaced = (text: string) => text.replace(/ {2,}/g, " ");
    for (const kept of [/^# .+$/m, /^## Chapter 2\..+$/m, /^- \*\*root\*\*: .+$/m, /^\| .+ \|$/m]) {
      const line = kept.exec(doc.currentVersion.content)?.[0];
      expect(line, String(kept)).toBeTruthy();
      expect(spaced(markdown)).toContain(spaced(line ?? ""));
    }

    // Edited again, it stays a Word document.
    await edit(doc.id, content.replace("1 March 2027", "1 April 2027"), 2);
    const third = await t.request("GET", `/api/documents/${doc.id}/versions/3/original`, { as: "author" });
    expect(third.headers["content-type"]).toBe(MEDIA_TYPES.docx);
    expect(await readBack(third.rawPayload)).toContain("before **1 April 2027**");
  });

  it("keeps a markdown or PDF document's edit as markdown", async () => {
    const md = await upload("notes.md", Buffer.from("# Notes\n\nFirst text.\n"), "Team notes");
    await edit(md.id, "# Notes\n\nSecond text.\n", 1);
    const pdf = await upload("users-and-groups.pdf", fixture("users-and-groups.pdf"), "Users");
    await edit(pdf.id, "# Users\n\nRewritten as text.\n", 1);
    for (const id of [md.id, pdf.id]) {
      const [latest] = await versions(id);
      expect(latest).toMatchObject({ mediaType: "text/markdown", originalFromText: true });
      expect(latest?.originalFilename).toMatch(/\.md$/);
    }
    const [, pdfOriginal] = await versions(pdf.id);
    expect(pdfOriginal).toMatchObject({ mediaType: "application/pdf", originalFromText: false });
  });
});

describe("every version as a Word file", () => {
  it("writes a markdown version as DOCX, titled and named after the document", async () => {
    const doc = await upload(
      "policy.md",
      Buffer.from(`# Travel rules\n\nIntro.\n\n${ADDED}`),
      "Travel Rules",
    );
    const res = await wordDownload(doc.id, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe(MEDIA_TYPES.docx);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="Travel Rules.docx"');
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const back = await convertToMarkdown(res.rawPayload, "docx");
    expect(back.title).toBe("Travel Rules");
    expect(back.markdown).toContain("# Travel rules");
    expect(back.markdown).toMatch(/\| Licensee +\| Yes +\| 1 +\|/);
  });

  it("gives a Word version's own file, and writes every other version of the same document", async () => {
    const doc = await upload("apache-2.0.docx", fixture("apache-2.0.docx"), "Licence copy");
    const { body, headers } = multipart(
      { expectedVersion: "1" },
      { name: "second.md", bytes: Buffer.from("# Second\n\nUploaded text.\n") },
    );
    const second = await t.request("POST", `/api/documents/${doc.id}/versions`, {
      as: "author",
      body,
      headers,
    });
    expect(second.statusCode, second.body).toBe(201);
    const v1 = await wordDownload(doc.id, 1);
    const original = await t.request("GET", `/api/documents/${doc.id}/versions/1/original`, { as: "author" });
    expect(v1.statusCode).toBe(200);
    expect(Buffer.compare(v1.rawPayload, original.rawPayload)).toBe(0);
    const v2 = await wordDownload(doc.id, 2);
    expect(v2.headers["content-type"]).toBe(MEDIA_TYPES.docx);
    expect(await readBack(v2.rawPayload)).toBe("# Second\n\nUploaded text.\n");
  });

  it("refuses an unknown format and a version that does not exist", async () => {
    const doc = await upload("short.md", Buffer.from("# Short\n\nText.\n"), "Short");
    const url = `/api/documents/${doc.id}/versions/1/download`;
    expect((await t.request("GET", url, { as: "author" })).statusCode).toBe(400);
    expect((await t.request("GET", `${url}?format=pdf`, { as: "author" })).statusCode).toBe(400);
    expect((await wordDownload(doc.id, 2)).statusCode).toBe(404);
  });
});

describe("who may download a version as Word, and the trail", () => {
  const trail = async (documentId: string) =>
    json<AuditPage>(await t.request("GET", `/api/activity?documentId=${documentId}`, { as: "admin" })).items;

  it("follows the version's read rule, records the download, and stamps the effective version", async () => {
    const doc = await upload(
      "effective.md",
      Buffer.from("# Effective policy\n\nApproved text.\n"),
      "Effective",
    );
    // A private draft: the viewer does not see it at all.
    expect((await wordDownload(doc.id, 1, "viewer")).statusCode).toBe(404);

    await t.ctx.db
      .update(documents)
      .set({ status: "Approved", effectiveVersion: 1, effectiveAt: new Date(), effectiveOn: "2026-11-01" })
      .where(eq(documents.id, doc.id));
    const res = await wordDownload(doc.id, 1, "viewer");
    expect(res.statusCode).toBe(200);
    const back = await readBack(res.rawPayload);
    expect(back).toMatch(/^_Controlled copy, version 1, effective 2026-11-01; uncontrolled when printed_/);
    expect(back).toContain("# Effective policy");
    const downloads = (await trail(doc.id)).filter((e) => e.action === "Downloaded as Word");
    expect(downloads).toMatchObject([{ username: "viewer" }]);

    // A revision in draft past the effective version is its owner's only.
    await edit(doc.id, "# Effective policy\n\nRevised text.\n", 1);
    expect((await wordDownload(doc.id, 2, "viewer")).statusCode).toBe(404);
    const own = await wordDownload(doc.id, 2, "author");
    expect(own.statusCode).toBe(200);
    expect(await readBack(own.rawPayload)).not.toContain("Controlled copy");
  });
});
