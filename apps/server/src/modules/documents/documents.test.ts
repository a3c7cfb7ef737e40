import { parse } from "content-disposition";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blobs, documents, versions } from "../../db/schema";
import { appForFile } from "../../../test/support/app-for-file";
import { json, multipart } from "../../../test/support/harness";
import { trainingSetKeys } from "../ai/repository";
import { SPOOL_PREFIX } from "./upload";
import type { AuditPage, Document, Summary, Version } from "@quire/contracts";

const fixture = (name: string) => readFileSync(new URL(`../../../test-fixtures/${name}`, import.meta.url));
/** A real PDF whose first 4 KB were zeroed (a bad disk block): no header, its objects intact. */
const headerlessPdf = () => {
  const bytes = Buffer.from(fixture("users-and-groups.pdf"));
  bytes.fill(0, 0, 4096);
  return bytes;
};
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const t = appForFile();
let engineering: string;
let legal: string;
beforeAll(async () => {
  const cats = json<Array<{ id: string; name: string }>>(
    await t.request("GET", "/api/categories", { as: "admin" }),
  );
  engineering = cats.find((c) => c.name === "Engineering")!.id;
  legal = cats.find((c) => c.name === "Legal")!.id;
});

async function upload(as: string, name: string, bytes: Uint8Array, fields: Record<string, string> = {}) {
  const { body, headers } = multipart({ title: "", categoryId: engineering, ...fields }, { name, bytes });
  return t.request("POST", "/api/documents/upload", { as, body, headers });
}

async function stored() {
  const [[d], [v], [b]] = await Promise.all([
    t.ctx.db.select({ n: count() }).from(documents),
    t.ctx.db.select({ n: count() }).from(versions),
    t.ctx.db.select({ n: count() }).from(blobs),
  ]);
  // Uploads wait in temporary folders while they arrive; none outlives its request.
  const spooled = readdirSync(tmpdir()).filter((n) => n.startsWith(`${SPOOL_PREFIX}${process.pid}-`)).length;
  return { documents: d?.n, versions: v?.n, blobs: b?.n, files: (await t.ctx.blobs.list()).length, spooled };
}

describe("upload and conversion", () => {
  it("keeps a multi-page PDF's text and structure, and its exact original bytes", async () => {
    const bytes = fixture("users-and-groups.pdf");
    const res = await upload("author", "users-and-groups.pdf", bytes);
    expect(res.statusCode, res.body).toBe(201);
    const doc = json<Document>(res);
    expect(doc).toMatchObject({
      // The PDF's own title (its Title metadata), not the file name.
      title: "Users and Groups in the Debian System",
      status: "Draft",
      owner: "author",
      versionCount: 1,
      mediaType: "application/pdf",
    });
    expect(doc.processing.state).toBe("processing");
    expect(doc.currentVersion.content).toContain("This document is free; you can redistribute it");
    expect(doc.currentVersion.content).toMatch(/^#{1,3} \S/m);

    const original = await t.request("GET", `/api/documents/${doc.id}/versions/1/original`, { as: "viewer" });
    // A Draft is private to its owner: the viewer may not even learn it exists.
    expect(original.statusCode).toBe(404);
    const own = await t.request("GET", `/api/documents/${doc.id}/versions/1/original`, { as: "author" });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("application/pdf");
    expect(parse(own.headers["content-disposition"] as string)).toEqual({
      type: "attachment",
      parameters: { filename: "users-and-groups.pdf" },
    });
    expect(sha256(own.rawPayload)).toBe(sha256(bytes));

    await t.runner.runUntilIdle();
    const ready = json<Document>(await t.request("GET", `/api/documents/${doc.id}`, { as: "author" }));
    expect(ready.processing).toEqual({ state: "ready", error: null });
  });

  it("keeps a DOCX's headings, list, table, bold and italic", async () => {
    const bytes = fixture("base-passwd.docx");
    const res = await upload("author", "base-passwd.docx", bytes, { title: "Base passwd" });
    expect(res.statusCode, res.body).toBe(201);
    const md = json<Document>(res).currentVersion.content;
    expect(md).toMatch(/^# /m);
    expect(md).toMatch(/^[-*] /m);
    expect(md).toMatch(/^\|.*\|$/m);
    expect(md).toContain("**");
    expect(md).toMatch(/(^|[^*])[_*][^_*\s][^_*]*[_*]/m);
    const own = await t.request("GET", `/api/documents/${json<Document>(res).id}/versions/1/original`, {
      as: "author",
    });
    expect(sha256(own.rawPayload)).toBe(sha256(bytes));
  });

  it("keeps TXT and MD as they are", async () => {
    for (const name of ["dpkg-triggers.txt", "procps-bugs.md"]) {
      const bytes = fixture(name);
      const res = await upload("admin", name, bytes);
      expect(res.statusCode, res.body).toBe(201);
      const doc = json<Document>(res);
      expect(doc.currentVersion.content.replace(/\r\n/g, "\n").trim()).toBe(
        bytes.toString("utf8").replace(/\r\n/g, "\n").trim(),
      );
      const own = await t.request("GET", `/api/documents/${doc.id}/versions/1/original`, { as: "admin" });
      expect(sha256(own.rawPayload)).toBe(sha256(bytes));
    }
  });

  it("stores the same original once", async () => {
    const before = await stored();
    const bytes = fixture("procps-bugs.md");
    expect((await upload("author", "copy.md", bytes, { allowDuplicate: "true" })).statusCode).toBe(201);
    const after = await stored();
    expect(after.documents).toBe((before.documents ?? 0) + 1);
    expect(after.blobs).toBe(before.blobs);
    expect(after.files).toBe(before.files);
    expect(after.spooled).toBe(0);
  });
});

describe("refused uploads keep nothing", () => {
  const cases: Array<[string, string, () => Uint8Array, number, RegExp]> = [
    [
      "10 MB + 1 byte",
      "big.txt",
      () => Buffer.alloc(10 * 1024 * 1024 + 1, 0x61),
      413,
      /^File too large: the limit is 10MB$/,
    ],
    [
      "an executable renamed .pdf",
      "invoice.pdf",
      () => fixture("elf-executable.pdf"),
      415,
      /Unsupported file type: Quire accepts PDF, DOCX, TXT and MD files/,
    ],
    ["a truncated PDF", "truncated.pdf", () => fixture("truncated.pdf"), 422, /damaged or incomplete/],
    [
      "a PDF cut short inside its header",
      "scan.pdf",
      () => Buffer.from("%PDF"),
      422,
      /^The file is damaged or incomplete: .*the PDF could not be read$/,
    ],
    [
      "a PDF whose first block was overwritten",
      "scan.pdf",
      () => headerlessPdf(),
      422,
      /^The file is damaged or incomplete: .*the PDF could not be read$/,
    ],
    ["an encrypted PDF", "encrypted.pdf", () => fixture("encrypted.pdf"), 422, /password-protected/],
    ["a corrupt DOCX", "corrupt.docx", () => fixture("corrupt.docx"), 422, /damaged or incomplete/],
    ["an empty file", "empty.txt", () => new Uint8Array(0), 422, /empty/],
  ];
  for (const [what, name, bytes, status, message] of cases) {
    it(`answers ${status} to ${what}`, async () => {
      const before = await stored();
      const res = await upload("author", name, bytes());
      expect(res.statusCode, res.body).toBe(status);
      expect(json<{ message: string }>(res).message).toMatch(message);
      expect(await stored()).toEqual(before);
    });
  }

  it("answers 422 to a damaged PDF sent as a new version, and the current version stays", async () => {
    const doc = json<Document>(await upload("author", "rota.md", Buffer.from("# Rota\n\nMondays: Ana.\n")));
    const before = await stored();
    const { body, headers } = multipart(
      { expectedVersion: "1" },
      { name: "rota.pdf", bytes: headerlessPdf() },
    );
    const res = await t.request("POST", `/api/documents/${doc.id}/versions`, { as: "author", body, headers });
    expect(res.statusCode, res.body).toBe(422);
    expect(json<{ message: string }>(res).message).toMatch(/damaged or incomplete.*PDF could not be read/);
    expect(await stored()).toEqual(before);
    const after = json<Document>(await t.request("GET", `/api/documents/${doc.id}`, { as: "author" }));
    expect(after.versionCount).toBe(1);
    expect(after.currentVersion?.content).toContain("Mondays: Ana.");
  });

  it("requires a category that exists", async () => {
    const res = await upload("author", "a.txt", Buffer.from("hello"), { categoryId: "no-such-category" });
    expect(res.statusCode).toBe(400);
    expect(json<{ message: string }>(res).message).toContain("categoryId");
  });

  it("refuses uploads from roles that may not create documents", async () => {
    for (const as of ["reviewer", "approver", "viewer"]) {
      const res = await upload(as, "a.txt", Buffer.from("hello"));
      expect(res.statusCode).toBe(403);
    }
  });
});

describe("OCR", () => {
  it(
    "fills an image-only PDF's markdown with recognised text in the background",
    { timeout: 120_000 },
    async () => {
      const res = await upload("author", "scanned-page.pdf", fixture("scanned-page.pdf"));
      expect(res.statusCode, res.body).toBe(201);
      const doc = json<Document>(res);
      expect(doc.processing.state).toBe("processing");
      // While OCR runs, no view gets the placeholder as text: the document, its versions, the summary.
      expect(doc.currentVersion.content).not.toContain("ocr-pending");
      const pendingVersions = json<Version[]>(
        await t.request("GET", `/api/documents/${doc.id}/versions`, { as: "author" }),
      );
      expect(pendingVersions[0]?.content).not.toContain("ocr-pending");
      const early = json<Summary>(
        await t.request("GET", `/api/documents/${doc.id}/summary`, { as: "author" }),
      );
      expect(early.keyPoints.join(" ")).not.toContain("ocr-pending");
      expect(early.keyPoints.join(" ")).not.toMatch(/MIME/);

      const keysBefore = await trainingSetKeys(t.ctx.db);
      await t.runner.runUntilIdle();
      const done = json<Document>(await t.request("GET", `/api/documents/${doc.id}`, { as: "author" }));
      expect(done.processing.state).toBe("ready");
      // The classifier retrains on the OCR text: its training set's fingerprint moved (same version).
      expect(await trainingSetKeys(t.ctx.db)).not.toEqual(keysBefore);
      expect(done.currentVersion.content).toMatch(/Shared MIME-info Database/i);
      expect(done.currentVersion.content).toMatch(/interoperability/i);
      expect(done.currentVersion.content).not.toContain("ocr-pending");
      // What is computed from the text follows the OCR text: tags, the summary read earlier, search.
      expect(done.tags.length).toBeGreaterThan(0);
      expect(done.tags.join(" ")).toMatch(/mime|database|desktop|type/i);
      const late = json<Summary>(
        await t.request("GET", `/api/documents/${doc.id}/summary`, { as: "author" }),
      );
      expect(late.keyPoints.join(" ")).toMatch(/MIME|database|desktop/i);
      const found = json<Array<{ document: { id: string } }>>(
        await t.request("GET", `/api/search?q=${encodeURIComponent("interoperability MIME")}`, {
          as: "author",
        }),
      );
      expect(found.map((r) => r.document.id)).toContain(doc.id);
      // Processing's changes are in the history, made by Quire (the system actor), not by a person.
      const history = json<AuditPage>(
        await t.request("GET", `/api/documents/${doc.id}/activity`, { as: "author" }),
      );
      const byAction = (action: string) => history.items.find((e) => e.action === action);
      for (const action of ["Recognised text", "Tagged from text", "Processed"]) {
        expect(byAction(action), action).toMatchObject({ username: "Quire", userId: null, system: true });
      }
      expect(byAction("Recognised text")?.data).toEqual({ version: 1, pages: 1 });
      expect(byAction("Tagged from text")?.data).toEqual({ version: 1, tags: done.tags });
      expect(byAction("Uploaded")).toMatchObject({ username: "author", system: false });
    },
  );
});

describe("versions", () => {
  async function newDoc() {
    const res = await upload(
      "author",
      "policy.md",
      Buffer.from("# Policy\n\nAll staff must lock screens.\n"),
      { allowDuplicate: "true" },
    );
    return json<Document>(res).id;
  }

  it("gives one of two edits from the same base a 409, and loses no version", async () => {
    const id = await newDoc();
    const edit = (content: string) =>
      t.request("POST", `/api/documents/${id}/versions`, {
        as: "author",
        body: { content, changeNote: "edit", expectedVersion: 1 },
      });
    const [a, b] = await Promise.all([edit("# Policy\n\nFirst edit.\n"), edit("# Policy\n\nSecond edit.\n")]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    const winner = a.statusCode === 201 ? a : b;
    expect(json<{ message: string }>(loser).message).toMatch(/version 2 is current/);
    const list = json<Version[]>(await t.request("GET", `/api/documents/${id}/versions`, { as: "author" }));
    expect(list.map((v) => v.version)).toEqual([2, 1]);
    expect(list[0]?.content).toBe(json<Document>(winner).currentVersion.content);
    expect(list[1]?.content).toContain("All staff must lock screens.");
  });

  it("stores nothing for a version refused with 409, and keeps bytes another version holds", async () => {
    const id = await newDoc();
    const stale = (bytes: Uint8Array, name: string) => {
      const { body, headers } = multipart({ changeNote: "stale", expectedVersion: "7" }, { name, bytes });
      return t.request("POST", `/api/documents/${id}/versions`, { as: "author", body, headers });
    };
    const fresh = Buffer.from(`# Stale edit\n\nWritten against a version that never was: ${id}.\n`);
    const before = await stored();
    const refused = await stale(fresh, "stale.md");
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json<{ message: string }>(refused).message).toMatch(/version 1 is current/);
    expect(await t.ctx.blobs.has(sha256(fresh))).toBe(false);
    expect(await stored()).toEqual(before);
    // The same bytes as the current version: refused, and its original is still served.
    const original = await t.request("GET", `/api/documents/${id}/versions/1/original`, { as: "author" });
    expect((await stale(original.rawPayload, "same.md")).statusCode).toBe(409);
    const again = await t.request("GET", `/api/documents/${id}/versions/1/original`, { as: "author" });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(original.rawPayload)).toBe(true);
  });

  it("accepts a new version as a file, and serves each version's original", async () => {
    const id = await newDoc();
    const bytes = fixture("dpkg-triggers.txt");
    const { body, headers } = multipart(
      { changeNote: "Replaced with the triggers text", expectedVersion: "1" },
      { name: "triggers.txt", bytes },
    );
    const res = await t.request("POST", `/api/documents/${id}/versions`, { as: "author", body, headers });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<Document>(res)).toMatchObject({
      versionCount: 2,
      currentVersion: { changeNote: "Replaced with the triggers text" },
    });
    const v2 = await t.request("GET", `/api/documents/${id}/versions/2/original`, { as: "author" });
    expect(sha256(v2.rawPayload)).toBe(sha256(bytes));
    const v1 = json<Version>(await t.request("GET", `/api/documents/${id}/versions/1`, { as: "author" }));
    expect(v1).toMatchObject({ version: 1, author: "author", changeNote: null });
  });

  it("diffs two versions line by line with word changes", async () => {
    const id = await newDoc();
    await t.request("POST", `/api/documents/${id}/versions`, {
      as: "author",
      body: {
        content: "# Policy\n\nAll staff must lock their screens.\n\nVisitors sign in.\n",
        expectedVersion: 1,
      },
    });
    const res = await t.request("GET", `/api/documents/${id}/diff/1/2`, { as: "author" });
    expect(res.statusCode).toBe(200);
    const diff = json<{
      stats: { added: number; removed: number; unchanged: number };
      truncated: boolean;
      sideBySide: Array<{ kind: string }>;
    }>(res);
    expect(diff.truncated).toBe(false);
    expect(diff.stats.unchanged).toBeGreaterThanOrEqual(2);
    expect(diff.stats.added).toBeGreaterThanOrEqual(2);
    expect(diff.sideBySide.some((row) => row.kind === "changed")).toBe(true);
    expect((await t.request("GET", `/api/documents/${id}/diff/1/9`, { as: "author" })).statusCode).toBe(404);
  });

  it("lets only the owner or an Admin add versions", async () => {
    const id = await newDoc();
    const body = { content: "x", expectedVersion: 1 };
    expect(
      (await t.request("POST", `/api/documents/${id}/versions`, { as: "reviewer", body })).statusCode,
    ).toBe(404);
    expect((await t.request("POST", `/api/documents/${id}/versions`, { as: "admin", body })).statusCode).toBe(
      201,
    );
  });
});

describe("listing, metadata and archiving", () => {
  it("filters by category and status, sorts, pages and counts", async () => {
    t.clock.advance(1000);
    await upload("author", "zeta.md", Buffer.from("# Zeta\n"), {
      title: "Zeta legal memo",
      categoryId: legal,
    });
    t.clock.advance(1000);
    await upload("author", "alpha.md", Buffer.from("# Alpha\n"), {
      title: "Alpha legal memo",
      categoryId: legal,
    });
    const res = await t.request("GET", `/api/documents?category=${legal}&sort=title`, { as: "author" });
    const titles = json<Document[]>(res).map((d) => d.title);
    expect(titles).toEqual(["Alpha legal memo", "Zeta legal memo"]);
    expect(res.headers["x-total-count"]).toBe("2");
    const paged = await t.request("GET", `/api/documents?pageSize=1&page=2&sort=title&category=${legal}`, {
      as: "author",
    });
    expect(json<Document[]>(paged).map((d) => d.title)).toEqual(["Zeta legal memo"]);
    expect(
      json<Document[]>(await t.request("GET", `/api/documents?status=Approved`, { as: "author" })),
    ).toEqual([]);
    const byCategory = json<Document[]>(
      await t.request("GET", `/api/documents/category/${legal}`, { as: "author" }),
    );
    expect(byCategory).toHaveLength(2);
    const recent = json<Document[]>(
      await t.request("GET", `/api/documents/recent?limit=1`, { as: "author" }),
    );
    expect(recent[0]?.title).toBe("Alpha legal memo");
    expect((await t.request("GET", `/api/documents?status=Lost`, { as: "author" })).statusCode).toBe(400);
  });

  it("hides other users' drafts from lists and answers 404 for them", async () => {
    const mine = json<Document>(await upload("author", "secret.md", Buffer.from("# Secret draft\n")));
    const asReviewer = json<Document[]>(
      await t.request("GET", "/api/documents?pageSize=500", { as: "reviewer" }),
    );
    expect(asReviewer.map((d) => d.id)).not.toContain(mine.id);
    expect((await t.request("GET", `/api/documents/${mine.id}`, { as: "reviewer" })).statusCode).toBe(404);
    expect((await t.request("GET", `/api/documents/${mine.id}`, { as: "admin" })).statusCode).toBe(200);
  });

  it("edits title, category and tags for the owner; 403 for a visible document of someone else", async () => {
    const doc = json<Document>(await upload("author", "meta.md", Buffer.from("# Meta\n")));
    const res = await t.request("PATCH", `/api/documents/${doc.id}`, {
      as: "author",
      body: { title: "Renamed", categoryId: legal, tags: ["Policy", "policy", " gdpr "] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Document>(res)).toMatchObject({
      title: "Renamed",
      categoryId: legal,
      tags: ["policy", "gdpr"],
      abilities: { update: true },
    });
    expect(
      (await t.request("PATCH", `/api/documents/${doc.id}`, { as: "author", body: {} })).statusCode,
    ).toBe(400);
    const adminDoc = json<Document>(await upload("admin", "admin.md", Buffer.from("# Admin\n")));
    await t.ctx.db.update(documents).set({ status: "Approved" });
    const refused = await t.request("PATCH", `/api/documents/${adminDoc.id}`, {
      as: "author",
      body: { title: "Mine now" },
    });
    expect(refused.statusCode).toBe(403);
    const viewerSees = json<Document>(
      await t.request("GET", `/api/documents/${adminDoc.id}`, { as: "viewer" }),
    );
    expect(viewerSees.abilities).toEqual({
      update: false,
      createVersion: false,
      submitForReview: false,
      archive: false,
      share: false,
      control: false,
    });
  });

  it("archives out of every list, keeps the document for its owner, and restores it", async () => {
    const doc = json<Document>(await upload("author", "old.md", Buffer.from("# Old\n")));
    await t.ctx.db.update(documents).set({ status: "Approved" });
    expect((await t.request("POST", `/api/documents/${doc.id}/archive`, { as: "viewer" })).statusCode).toBe(
      403,
    );
    const archived = await t.request("POST", `/api/documents/${doc.id}/archive`, { as: "author" });
    expect(json<Document>(archived).archived).toBe(true);
    const list = json<Document[]>(await t.request("GET", "/api/documents?pageSize=500", { as: "author" }));
    expect(list.map((d) => d.id)).not.toContain(doc.id);
    expect((await t.request("GET", `/api/documents/${doc.id}`, { as: "viewer" })).statusCode).toBe(404);
    expect((await t.request("GET", `/api/documents/${doc.id}/versions`, { as: "author" })).statusCode).toBe(
      200,
    );
    expect((await t.request("POST", `/api/documents/${doc.id}/restore`, { as: "author" })).statusCode).toBe(
      200,
    );
    expect((await t.request("GET", `/api/documents/${doc.id}`, { as: "viewer" })).statusCode).toBe(200);
  });
});

describe("processing failures", () => {
  it(
    "shows a failure with its reason after the last retry, and processes again on retry",
    { timeout: 120_000 },
    async () => {
      const bytes = fixture("scanned-page.pdf");
      const doc = json<Document>(await upload("author", "scan.pdf", bytes, { allowDuplicate: "true" }));
      const hash = sha256(bytes);
      await t.ctx.blobs.delete(hash);
      for (let attempt = 0; attempt < 6; attempt++) {
        await t.runner.runUntilIdle();
        t.clock.advance(10 * 60_000);
      }
      const failed = json<Document>(await t.request("GET", `/api/documents/${doc.id}`, { as: "author" }));
      expect(failed.processing.state).toBe("failed");
      expect(failed.processing.error).toMatch(/ocr/);
      await t.ctx.blobs.put(bytes);
      expect((await t.request("POST", `/api/documents/${doc.id}/retry`, { as: "viewer" })).statusCode).toBe(
        404,
      );
      const retried = await t.request("POST", `/api/documents/${doc.id}/retry`, { as: "author" });
      expect(json<Document>(retried).processing.state).toBe("processing");
      await t.runner.runUntilIdle();
      const ready = json<Document>(await t.request("GET", `/api/documents/${doc.id}`, { as: "author" }));
      expect(ready.processing.state).toBe("ready");
      // The retry carried the scanned page's place over: its OCR text is in, with no placeholder.
      expect(ready.currentVersion.content).toMatch(/Shared MIME-info Database/i);
      expect(ready.currentVersion.content).not.toContain("ocr-pending");
      expect((await t.request("POST", `/api/documents/${doc.id}/retry`, { as: "author" })).statusCode).toBe(
        409,
      );
    },
  );
});
