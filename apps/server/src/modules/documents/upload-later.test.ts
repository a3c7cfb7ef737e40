import { readFileSync } from "node:fs";
import { and, count, eq, sql } from "drizzle-orm";
import { strToU8, unzipSync, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { Document, DuplicateUpload, SearchResult } from "@quire/contracts";
import { blobs, documents, jobs, versions } from "../../db/schema";
import { HttpError } from "../../lib/errors";
import { appForFile } from "../../../test/support/app-for-file";
import { json, multipart } from "../../../test/support/harness";
import { docxWithBody, paragraphsOfSize } from "../../../test/support/hostile-files";
import { validateFile } from "./upload";

/**
 * An API process without the job runner (WORKER=false, as in scale-out) answers an upload 202 once
 * the original is stored, and the job runner (here the test's, two jobs at once) converts it.
 */
const t = appForFile({ env: { WORKER: "false", JOB_CONCURRENCY: "2" } });
let category: string;
beforeAll(async () => {
  category = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }))[0]!.id;
  await t.runner.runUntilIdle();
});

const fixture = (name: string) => readFileSync(new URL(`../../../test-fixtures/${name}`, import.meta.url));
const MB = 1024 * 1024;

async function upload(name: string, bytes: Uint8Array, fields: Record<string, string> = {}) {
  const { body, headers } = multipart({ categoryId: category, title: "", ...fields }, { name, bytes });
  return t.request("POST", "/api/documents/upload", { as: "author", body, headers });
}

const documentOf = async (id: string) =>
  json<Document>(await t.request("GET", `/api/documents/${id}`, { as: "author" }));

async function found(word: string): Promise<string[]> {
  const res = await t.request("GET", `/api/search?q=${encodeURIComponent(word)}`, { as: "author" });
  expect(res.statusCode, res.body).toBe(200);
  return json<SearchResult[]>(res).map((r) => r.document.id);
}

/** What the synchronous upload answers for this file: the reason of its 422. */
async function refusalToday(name: string, bytes: Uint8Array): Promise<string> {
  const refused = await validateFile(t.ctx.converter, Buffer.from(bytes), name).then(
    () => null,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(HttpError);
  expect((refused as HttpError).statusCode).toBe(422);
  return (refused as HttpError).message;
}

const stored = async () => {
  const [[d], [b]] = await Promise.all([
    t.ctx.db.select({ n: count() }).from(documents),
    // Every blob but the thumbnails processing drew (thumbnail-step.ts): those no upload kept.
    t.ctx.db
      .select({ n: count() })
      .from(blobs)
      .where(sql`not exists (select 1 from ${versions} where ${versions.thumbnailSha256} = ${blobs.sha256})`),
  ]);
  return { documents: d?.n ?? 0, blobs: b?.n ?? 0 };
};

describe("an upload to an API process without the job runner", () => {
  it("answers 202 with the document processing, and a worker makes it processed and searchable", async () => {
    const word = `zanzibarite${Date.now()}`;
    const text = await upload(
      "meeting_notes.txt",
      Buffer.from(`Minutes of the ${word} meeting.\n\nAll agreed.\n`),
    );
    expect(text.statusCode, text.body).toBe(202);
    const pdf = await upload("users.pdf", fixture("users-and-groups.pdf"));
    expect(pdf.statusCode, pdf.body).toBe(202);
    const [textDoc, pdfDoc] = [json<Document>(text), json<Document>(pdf)];
    expect(textDoc.processing).toEqual({ state: "processing", error: null });
    // Not converted yet: the title is the file name's until the file's own is known.
    expect([textDoc.title, pdfDoc.title]).toEqual(["meeting notes", "users"]);
    expect(await found(word)).toEqual([]);

    // Conversion, then processing; two jobs at once.
    expect(await t.runner.runUntilIdle()).toBeGreaterThanOrEqual(4);
    const [textAfter, pdfAfter] = [await documentOf(textDoc.id), await documentOf(pdfDoc.id)];
    expect(textAfter.processing).toEqual({ state: "ready", error: null });
    expect(pdfAfter.processing).toEqual({ state: "ready", error: null });
    expect(pdfAfter.title).toBe("Users and Groups in the Debian System");
    expect(textAfter.title).toBe("meeting notes");
    expect(await found(word)).toEqual([textDoc.id]);
    expect(await found("base-passwd")).toContain(pdfDoc.id);
    const history = json<{ items: Array<{ action: string; username: string }> }>(
      await t.request("GET", `/api/documents/${pdfDoc.id}/activity`, { as: "author" }),
    ).items.map((e) => [e.action, e.username]);
    expect(history).toEqual(
      expect.arrayContaining([
        ["Uploaded", "author"],
        ["Converted", "Quire"],
        ["Processed", "Quire"],
      ]),
    );
  });

  it("keeps the typed title when the file has its own", async () => {
    const res = await upload("users-copy.pdf", fixture("users-and-groups.pdf"), {
      title: "Typed title",
      allowDuplicate: "true",
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.runner.runUntilIdle();
    const doc = await documentOf(json<Document>(res).id);
    expect([doc.title, doc.processing.state]).toEqual(["Typed title", "ready"]);
  });

  it.each([
    ["an encrypted PDF", "encrypted.pdf", () => fixture("encrypted.pdf")],
    ["a corrupt DOCX", "corrupt.docx", () => fixture("corrupt.docx")],
    [
      "a DOCX of more than 5,000 parts",
      "many.docx",
      () => {
        const parts: Record<string, Uint8Array> = { ...unzipSync(docxWithBody("<w:p/>")) };
        for (let i = 0; i < 5_001; i++) parts[`word/media/p${i}.xml`] = strToU8("<x/>");
        return zipSync(parts);
      },
    ],
    [
      "a 100 KB DOCX whose text inflates to 99 MB",
      "bomb.docx",
      () => docxWithBody(paragraphsOfSize(99 * MB)),
    ],
  ])(
    "ends %s as a failed document and job, with the reason the upload gives it today",
    { timeout: 120_000 },
    async (_what, name, bytesOf) => {
      const bytes = bytesOf();
      const reason = await refusalToday(name, bytes);
      const res = await upload(name, bytes);
      expect(res.statusCode, res.body).toBe(202);
      const id = json<Document>(res).id;
      await t.runner.runUntilIdle();
      expect((await documentOf(id)).processing).toEqual({ state: "failed", error: reason });
      const [job] = await t.ctx.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, "document.convert"), sql`${jobs.payload}->>'documentId' = ${id}`));
      // Refused for good at the first attempt: converting the same bytes again would end the same way.
      expect([job?.status, job?.attempts, job?.lastError]).toEqual(["failed", 1, reason]);
    },
  );

  it("converts a failed document again when asked to retry, with the same outcome", async () => {
    const res = await upload("locked.pdf", fixture("encrypted.pdf"), { allowDuplicate: "true" });
    const id = json<Document>(res).id;
    await t.runner.runUntilIdle();
    const failed = await documentOf(id);
    expect(failed.processing.state).toBe("failed");
    const retry = await t.request("POST", `/api/documents/${id}/retry`, { as: "author" });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(json<Document>(retry).processing.state).toBe("processing");
    await t.runner.runUntilIdle();
    expect((await documentOf(id)).processing).toEqual(failed.processing);
  });

  it("answers 409 with the existing document for bytes already archived, converted or not", async () => {
    const heading = `Retention ${Math.random()}`;
    const bytes = Buffer.from(`# ${heading}\n\nInvoices are kept for ten years.\n`);
    const first = json<Document>(await upload("retention.md", bytes));
    const before = await stored();
    const again = await upload("retention-again.md", bytes);
    expect(again.statusCode).toBe(409);
    expect(json<DuplicateUpload>(again).existing).toEqual({ id: first.id, title: "retention" });
    await t.runner.runUntilIdle();
    const afterConversion = await upload("retention-later.md", bytes);
    expect(afterConversion.statusCode).toBe(409);
    // Converted meanwhile: the existing document now has its own title.
    expect(json<DuplicateUpload>(afterConversion).existing).toEqual({ id: first.id, title: heading });
    expect(await stored()).toEqual(before);
  });

  it("answers a new version's file 202 too; a worker converts it, or fails it with the upload's reason", async () => {
    const doc = json<Document>(
      await upload("policy.md", Buffer.from(`# Policy ${Math.random()}\n\nFirst text.\n`)),
    );
    await t.runner.runUntilIdle();
    const word = `quokkaline${Date.now()}`;
    const version = (name: string, bytes: Uint8Array, expectedVersion: number) => {
      const form = multipart(
        { changeNote: "New file", expectedVersion: String(expectedVersion) },
        { name, bytes },
      );
      return t.request("POST", `/api/documents/${doc.id}/versions`, { as: "author", ...form });
    };
    const second = await version("policy-2.md", Buffer.from(`# Policy\n\nThe ${word} rule applies.\n`), 1);
    expect(second.statusCode, second.body).toBe(202);
    expect(json<Document>(second).processing.state).toBe("processing");
    await t.runner.runUntilIdle();
    expect((await documentOf(doc.id)).processing).toEqual({ state: "ready", error: null });
    expect(await found(word)).toEqual([doc.id]);

    const reason = await refusalToday("locked.pdf", fixture("encrypted.pdf"));
    const third = await version("locked.pdf", fixture("encrypted.pdf"), 2);
    expect(third.statusCode, third.body).toBe(202);
    await t.runner.runUntilIdle();
    expect((await documentOf(doc.id)).processing).toEqual({ state: "failed", error: reason });
  });

  it("analyses a chosen file without converting it: its type is checked, its title is its name's", async () => {
    const analyse = (name: string, bytes: Uint8Array) => {
      const form = multipart({}, { name, bytes });
      return t.request("POST", "/api/documents/upload/analyse", { as: "author", ...form });
    };
    const pdf = await analyse("users.pdf", fixture("users-and-groups.pdf"));
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(json<{ title: string; mediaType: string }>(pdf)).toMatchObject({
      title: "users",
      mediaType: "application/pdf",
    });
    expect((await analyse("setup.exe", Buffer.from("MZ\x90\x00binary"))).statusCode).toBe(415);
  });

  it("refuses a file of a type it does not accept at once, keeping nothing", async () => {
    const before = await stored();
    const res = await upload("setup.exe", Buffer.from("MZ\x90\x00binary"));
    expect(res.statusCode).toBe(415);
    const empty = await upload("empty.txt", new Uint8Array(0));
    expect(empty.statusCode).toBe(422);
    expect(await stored()).toEqual(before);
  });
});
