import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { seriousAxeViolations, signIn } from "../support/browser";
import { repoRoot } from "../support/server";
import { browserSuite } from "../support/suite";

/**
 * The clean view of a PDF is readable on a 390 px phone. Its pages fit the
 * screen, zoom widens them inside their own scroll box, and the page itself never scrolls sideways.
 */
const suite = browserSuite();

const PHONE = { width: 390, height: 844 };

async function uploadPdf(page: Page): Promise<string> {
  const categories = (await (await page.request.get("/api/categories")).json()) as { id: string }[];
  const buffer = readFileSync(join(repoRoot, "apps/server/test-fixtures/users-and-groups.pdf"));
  const res = await page.request.post("/api/documents/upload", {
    multipart: {
      title: "Users and groups on a phone",
      categoryId: categories[0]?.id ?? "",
      allowDuplicate: "true",
      file: { name: "users-and-groups.pdf", mimeType: "application/pdf", buffer },
    },
  });
  assert.equal(res.status(), 201, await res.text());
  return ((await res.json()) as { id: string }).id;
}

/** Widths that decide readability: the first page, its scroll box, and the whole document. */
async function widths(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLElement>('[data-testid="pdf-page"]')!;
    const box = document.querySelector<HTMLElement>('[data-testid="pdf-pages"]')!;
    return {
      canvas: canvas.getBoundingClientRect().width,
      boxClient: box.clientWidth,
      boxScroll: box.scrollWidth,
      docScroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    };
  });
}

test("a PDF's clean view fits a 390 px phone and zooms inside its own scroll box", async () => {
  const context = await suite.context(PHONE);
  const page = await context.newPage();
  await page.goto("/login");
  await signIn(page, "author");
  await page.waitForURL((url) => url.pathname === "/home");
  const id = await uploadPdf(page);

  await page.goto(`/doc/${id}`);
  await page.getByTestId("pdf-page").first().waitFor({ timeout: 30_000 });
  const zoomIn = page.getByRole("button", { name: "Zoom in" });
  await zoomIn.waitFor();

  const fit = await widths(page);
  assert.ok(fit.canvas > 300, `the page uses the phone's width (${fit.canvas} px)`);
  assert.ok(fit.canvas <= fit.boxClient + 1, `the page fits its box (${fit.canvas} > ${fit.boxClient})`);
  assert.ok(fit.docScroll <= fit.inner, `no sideways scroll at fit width (${fit.docScroll} > ${fit.inner})`);
  assert.deepEqual(await seriousAxeViolations(page), []);

  await zoomIn.click();
  await zoomIn.click();
  assert.equal(await page.getByTestId("text-pdf-zoom").textContent(), "200%");
  const zoomed = await widths(page);
  assert.ok(zoomed.canvas > fit.canvas * 1.9, `zoom in widens the page (${zoomed.canvas} px)`);
  assert.ok(zoomed.boxScroll > zoomed.boxClient, "the zoomed page scrolls inside its own box");
  assert.ok(zoomed.docScroll <= zoomed.inner, `the page itself stays put (${zoomed.docScroll})`);
  const scrolled = await page
    .getByTestId("pdf-pages")
    .evaluate((box) => ((box.scrollLeft = 200), box.scrollLeft));
  assert.ok(scrolled > 0, "the reader can pan across the zoomed page");
  assert.deepEqual(await seriousAxeViolations(page), []);

  await page.getByRole("button", { name: "Zoom out" }).click();
  assert.equal(await page.getByTestId("text-pdf-zoom").textContent(), "150%");
  await page.getByTestId("button-pdf-zoom-fit").click();
  assert.equal(await page.getByTestId("text-pdf-zoom").textContent(), "Fit width");
  const back = await widths(page);
  assert.ok(Math.abs(back.canvas - fit.canvas) < 1, "Fit width returns to the screen's width");
  await context.close();
});
