import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { APIRequestContext, Locator, Page } from "playwright-core";
import { overflow, seriousAxeViolations, type Viewport } from "../support/browser";
import { browserSuite, unexpectedErrors } from "../support/suite";

/**
 * Every version gets a first-page thumbnail at processing: a PDF's page 1, a DOCX's text drawn as
 * a page. They show in the documents' grid, in search results and in the document's header, on a
 * desktop and on a 390 px phone.
 */
const suite = browserSuite();

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 390, height: 844 };
/** In both titles, so one search finds both documents. */
const WORD = "Quokkapreview";

type Uploaded = { id: string; title: string };
const LONG_TAG = "deb_rules_requires_root_binary_targets_fakeroot_xx";

async function upload(
  request: APIRequestContext,
  categoryId: string,
  title: string,
  file: { name: string; mimeType: string },
): Promise<Uploaded> {
  const buffer = readFileSync(join(import.meta.dirname, "../fixtures", file.name));
  const res = await request.post("/api/documents/upload", {
    multipart: { title, categoryId, allowDuplicate: "true", file: { ...file, buffer } },
  });
  assert.equal(res.status(), 201, await res.text());
  return { id: ((await res.json()) as { id: string }).id, title };
}

/** Waits until processing drew the thumbnail (the document says where it is). */
async function thumbnailDrawn(request: APIRequestContext, id: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const doc = (await (await request.get(`/api/documents/${id}`)).json()) as {
      processing: { state: string; error: string | null };
      thumbnailUrl?: string | null;
    };
    if (doc.thumbnailUrl) return;
    assert.notEqual(doc.processing.state, "failed", doc.processing.error ?? "");
    assert.ok(Date.now() < deadline, `no thumbnail for ${id} after 120 s (${doc.processing.state})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The two documents, uploaded by the author and processed until their thumbnails are drawn; once
 * for the file (the first test to ask uploads them).
 */
let uploading: Promise<Uploaded[]> | undefined;
function uploadedDocuments(): Promise<Uploaded[]> {
  uploading ??= (async () => {
    const { context, page } = await suite.session("author");
    const categories = (await (await page.request.get("/api/categories")).json()) as { id: string }[];
    const categoryId = categories[0]?.id ?? "";
    const docs = [
      await upload(page.request, categoryId, `${WORD} rootless builds`, {
        name: "rootless-builds-spec.pdf",
        mimeType: "application/pdf",
      }),
      await upload(page.request, categoryId, `${WORD} Apache licence`, {
        name: "apache-2.0-licence.docx",
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      }),
    ];
    for (const doc of docs) await thumbnailDrawn(page.request, doc.id);
    // A tag as long as a tag may be, with no space to wrap at: on a phone it must not push the
    // grid, the results or the header sideways (tags found by processing can be like it).
    const tagged = await page.request.patch(`/api/documents/${docs[0]!.id}`, {
      data: { tags: [LONG_TAG, "rootless"] },
    });
    assert.equal(tagged.status(), 200, await tagged.text());
    await context.close();
    return docs;
  })();
  return uploading;
}

/** The thumbnail's image, scrolled to (it loads lazily), once it has loaded: its natural width. */
async function loadedWidth(image: Locator): Promise<number> {
  await image.scrollIntoViewIfNeeded();
  await image.evaluate((img: HTMLImageElement) =>
    img.complete && img.naturalWidth > 0
      ? undefined
      : new Promise((resolve, reject) => {
          img.addEventListener("load", resolve, { once: true });
          img.addEventListener("error", () => reject(new Error(`${img.src} did not load`)), { once: true });
        }),
  );
  return image.evaluate((img: HTMLImageElement) => img.naturalWidth);
}

async function assertThumbnails(
  page: Page,
  uploaded: Uploaded[],
  testIdOf: (doc: Uploaded) => string,
  where: string,
) {
  for (const doc of uploaded) {
    const image = page.getByTestId(testIdOf(doc)).getByRole("img", { name: `First page of ${doc.title}` });
    assert.equal(await image.getAttribute("loading"), "lazy", `${where}: ${doc.title} loads lazily`);
    assert.equal(await loadedWidth(image), 320, `${where}: ${doc.title}'s thumbnail loaded`);
    // The page-shaped box keeps its 3:4 shape wherever it sits (a stretched box would distort it).
    const box = await page.getByTestId(testIdOf(doc)).boundingBox();
    const ratio = box ? box.height / box.width : 0;
    assert.ok(Math.abs(ratio - 4 / 3) < 0.03, `${where}: ${doc.title}'s box is ${box?.width}×${box?.height}`);
  }
}

async function noSidewaysScroll(page: Page, where: string) {
  const { excess, widest } = await overflow(page);
  assert.ok(excess <= 0, `${where} scrolls sideways by ${excess} px (${widest})`);
}

for (const [name, viewport] of [
  ["1280 px", DESKTOP],
  ["390 px", PHONE],
] as const) {
  test(`at ${name}: thumbnails in the documents' grid, search results and the document header`, async () => {
    const uploaded = await uploadedDocuments();
    const { context, page, consoleErrors } = await suite.session("author", { viewport, path: "/documents" });

    // The list is the default; the grid is chosen, and kept for the next visit.
    await page.getByRole("button", { name: "Grid view" }).click();
    await page.locator('[data-testid="documents-list"][data-view="grid"]').waitFor();
    await assertThumbnails(page, uploaded, (doc) => `thumbnail-${doc.id}`, "grid");
    await noSidewaysScroll(page, "the grid");
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.reload();
    await page.locator('[data-testid="documents-list"][data-view="grid"]').waitFor();
    assert.equal(await page.getByRole("button", { name: "Grid view" }).getAttribute("aria-pressed"), "true");

    await page.goto(`/search?q=${WORD}`);
    await page.getByTestId(`result-${uploaded[0]!.id}`).waitFor();
    await assertThumbnails(page, uploaded, (doc) => `thumbnail-result-${doc.id}`, "search results");
    await noSidewaysScroll(page, "the search results");
    assert.deepEqual(await seriousAxeViolations(page), []);

    for (const doc of uploaded) {
      await page.goto(`/document/${doc.id}`);
      await page.getByTestId("text-document-title").waitFor();
      const image = page
        .getByTestId("thumbnail-document")
        .getByRole("img", { name: `First page of ${doc.title}` });
      assert.equal(await loadedWidth(image), 320, `header: ${doc.title}'s thumbnail loaded`);
      await noSidewaysScroll(page, `${doc.title}'s page`);
    }
    assert.deepEqual(unexpectedErrors(consoleErrors()), []);
    await context.close();
  });
}
