import { createCanvas, loadImage } from "@napi-rs/canvas";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Document } from "@quire/contracts";
import { documents, versions } from "../../db/schema";
import { enqueueMissingThumbnails } from "./thumbnail-step";
import { versionsWithoutThumbnail } from "./thumbnail-repository";
import { appForFile } from "../../../test/support/app-for-file";
import { fixture } from "../../../test/support/fixtures";
import { inflatingImagePdf } from "../../../test/support/inflating-pdf";
import { json, multipart } from "../../../test/support/harness";

const t = appForFile();
let category: string;
beforeAll(async () => {
  category = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }))[0]!.id;
});

/** Uploads as the demo author and runs processing; answers the document as its owner reads it. */
async function uploadProcessed(name: string, bytes: Uint8Array): Promise<Document> {
  const { body, headers } = multipart({ categoryId: category, allowDuplicate: "true" }, { name, bytes });
  const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
  await t.runner.runUntilIdle();
  return json<Document>(
    await t.request("GET", `/api/documents/${json<{ id: string }>(res).id}`, { as: "author" }),
  );
}

/** The image's size and the share of its pixels that are ink (dark), from its decoded pixels. */
async function decoded(bytes: Buffer): Promise<{ width: number; height: number; ink: number }> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 384) dark++;
  return { width: image.width, height: image.height, ink: dark / (image.width * image.height) };
}

describe("a version's thumbnail", () => {
  it.each([
    ["users-and-groups.pdf", "a PDF's first page"],
    ["base-passwd.docx", "a DOCX's converted text drawn as a page"],
    ["procps-bugs.md", "a markdown file's text drawn as a page"],
  ])(
    "of %s is %s: a WebP 320 pixels wide, page-shaped, with text on it",
    { timeout: 60_000 },
    async (name) => {
      const doc = await uploadProcessed(name, fixture(name));
      expect(doc.processing).toEqual({ state: "ready", error: null });
      expect(doc.thumbnailUrl).toBe(`/api/documents/${doc.id}/versions/1/thumbnail`);

      const res = await t.request("GET", doc.thumbnailUrl!, { as: "author" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const image = await decoded(res.rawPayload);
      expect(image.width).toBe(320);
      // Portrait, cut off at A4's proportion (Letter is 320 × 414).
      expect(image.height).toBeGreaterThan(400);
      expect(image.height).toBeLessThanOrEqual(453);
      // Words were drawn: a blank page has no ink, and a page drawn black all over is not a page.
      expect(image.ink).toBeGreaterThan(0.005);
      expect(image.ink).toBeLessThan(0.4);
    },
  );

  it(
    "is listed and found: lists and search results carry the same address",
    { timeout: 60_000 },
    async () => {
      const doc = await uploadProcessed("apache-2.0.docx", fixture("apache-2.0.docx"));
      const list = json<Document[]>(await t.request("GET", "/api/documents?pageSize=500", { as: "author" }));
      expect(list.find((d) => d.id === doc.id)?.thumbnailUrl).toBe(doc.thumbnailUrl);
      const found = json<Array<{ document: Document }>>(
        await t.request("GET", "/api/search?q=licensor%20warranties", { as: "author" }),
      );
      expect(found.find((r) => r.document.id === doc.id)?.document.thumbnailUrl).toBe(doc.thumbnailUrl);
    },
  );

  it(
    "is read under the version's own rule: 404 to whoever may not read that version",
    { timeout: 60_000 },
    async () => {
      const doc = await uploadProcessed("dpkg-triggers.txt", fixture("dpkg-triggers.txt"));
      // A Draft is its owner's (and Admins'): a Viewer gets the version's own answer, 404.
      for (const path of ["", "/thumbnail"]) {
        const res = await t.request("GET", `/api/documents/${doc.id}/versions/1${path}`, { as: "viewer" });
        expect(res.statusCode).toBe(404);
      }
      expect((await t.request("GET", doc.thumbnailUrl!, { as: "admin" })).statusCode).toBe(200);

      // Once version 1 is effective and a revision is drafted, a Viewer reads version 1's page only.
      await t.ctx.db
        .update(documents)
        .set({ status: "Approved", effectiveVersion: 1, effectiveAt: t.clock.now() })
        .where(eq(documents.id, doc.id));
      const revised = await t.request("POST", `/api/documents/${doc.id}/versions`, {
        as: "author",
        body: { content: "# Triggers, revised\n\nA new first page.\n", expectedVersion: 1 },
      });
      expect(revised.statusCode, revised.body).toBe(201);
      await t.runner.runUntilIdle();
      const asViewer = json<Document>(await t.request("GET", `/api/documents/${doc.id}`, { as: "viewer" }));
      expect(asViewer.thumbnailUrl).toBe(`/api/documents/${doc.id}/versions/1/thumbnail`);
      const asOwner = json<Document>(await t.request("GET", `/api/documents/${doc.id}`, { as: "author" }));
      expect(asOwner.thumbnailUrl).toBe(`/api/documents/${doc.id}/versions/2/thumbnail`);
      expect((await t.request("GET", asOwner.thumbnailUrl!, { as: "viewer" })).statusCode).toBe(404);
      expect((await t.request("GET", asOwner.thumbnailUrl!, { as: "author" })).statusCode).toBe(200);
      expect((await t.request("GET", asViewer.thumbnailUrl!, { as: "viewer" })).statusCode).toBe(200);
    },
  );

  it(
    "is not drawn for a PDF whose page holds an image of more than 100 million pixels, and the document is processed all the same",
    { timeout: 120_000 },
    async () => {
      // 16,384 × 8,534 pixels (140 million) in about 400 KB, with a line of text, so nothing needs OCR.
      const bytes = inflatingImagePdf(400 * 1024 * 1024, { text: "Hostile poster with a caption" });
      expect(bytes.byteLength).toBeLessThan(1024 * 1024);
      const doc = await uploadProcessed("poster.pdf", bytes);
      expect(doc.processing).toEqual({ state: "ready", error: null });
      expect(doc.currentVersion.content).toContain("Hostile poster with a caption");
      expect(doc.thumbnailUrl).toBeNull();
      const res = await t.request("GET", `/api/documents/${doc.id}/versions/1/thumbnail`, { as: "author" });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ message: "Thumbnail not found", code: "notFound" });
    },
  );

  it(
    "is drawn by a job for a version processed before thumbnails were (the start-up repair)",
    { timeout: 60_000 },
    async () => {
      const doc = await uploadProcessed("procps-bugs.md", fixture("procps-bugs.md"));
      await t.ctx.db.update(versions).set({ thumbnailSha256: null }).where(eq(versions.documentId, doc.id));
      const before = json<Document>(await t.request("GET", `/api/documents/${doc.id}`, { as: "author" }));
      expect(before.thumbnailUrl).toBeNull();

      expect(await enqueueMissingThumbnails(t.ctx.db, t.clock.now())).toBeGreaterThanOrEqual(1);
      await t.runner.runUntilIdle();
      const after = json<Document>(await t.request("GET", `/api/documents/${doc.id}`, { as: "author" }));
      expect(after.thumbnailUrl).toBe(doc.thumbnailUrl);
      const res = await t.request("GET", after.thumbnailUrl!, { as: "author" });
      expect((await decoded(res.rawPayload)).width).toBe(320);
      expect((await versionsWithoutThumbnail(t.ctx.db)).filter((v) => v.documentId === doc.id)).toEqual([]);
    },
  );
});
