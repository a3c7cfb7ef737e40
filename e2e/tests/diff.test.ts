import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { seriousAxeViolations, type Viewport } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

/** The AI analysis answers 404 where the server offers none; the page then hides the card. */
const expected404 = /status of 404.*\/api\/documents\/[^/]+\/(diff\/\d+\/\d+\/analysis|versions\/\d+)\)$/;

async function signedIn(viewport?: Viewport) {
  const session = await suite.session("author", { viewport });
  return { ...session, consoleErrors: () => session.consoleErrors().filter((e) => !expected404.test(e)) };
}

async function documentId(page: Page, title: string): Promise<string> {
  const docs = (await (await page.request.get("/api/documents")).json()) as { id: string; title: string }[];
  const found = docs.find((d) => d.title === title);
  assert.ok(found);
  return found.id;
}

test("the diff page shows v2 → v3 with From/To cards and struck-through/green lines", async () => {
  const { context, page, consoleErrors } = await signedIn();
  const id = await documentId(page, "Expense Policy");
  await page.goto(`/document/${id}/diff/2/3`);
  await page.getByTestId("diff-page").waitFor();
  assert.equal(await page.getByTestId("text-diff-title").textContent(), "Expense Policy");
  assert.equal(await page.getByTestId("text-diff-versions").textContent(), "v2 → v3");

  const from = page.getByTestId("card-version-from");
  const to = page.getByTestId("card-version-to");
  await from.getByText("Version 2").first().waitFor();
  await from.getByText(/Deadline shortened from 60 to 30 days/).waitFor();
  await to.getByText(/UK per-diem raised to £45/).waitFor();
  await from.getByText("author").waitFor();

  const table = page.getByTestId("diff-side-by-side");
  const changed = table.locator('tr[data-kind="changed"]').first();
  await changed.waitFor();
  // Left: red and struck through; right: green.
  const left = await changed
    .locator("td")
    .nth(1)
    .evaluate((td) => getComputedStyle(td).textDecorationLine);
  assert.match(left, /line-through/);
  assert.ok((await changed.locator("td").nth(1).locator("del").count()) > 0);
  assert.ok((await changed.locator("td").nth(3).locator("ins").count()) > 0);
  assert.ok(
    (await table.locator('tr[data-kind="added"]').count()) > 0,
    "v3 added the corporate card section",
  );
  assert.ok(Number(await page.getByTestId("stat-lines-added").textContent()) > 0);

  // The AI analysis, when the server offers it, names real changes.
  const analysis = page.getByTestId("card-ai-analysis");
  if ((await analysis.count()) > 0) {
    await analysis.getByText("AI Analysis Summary").waitFor();
  }

  const violations = await seriousAxeViolations(page);
  assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));

  await page.getByTestId("link-back").click();
  await page.waitForURL((url) => url.pathname === `/document/${id}`);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("the Versions tab opens the diff page; a missing version says it cannot compare", async () => {
  const { context, page, consoleErrors } = await signedIn({ width: 375, height: 740 });
  const id = await documentId(page, "Expense Policy");
  await page.goto(`/document/${id}`);
  await page.getByRole("tab", { name: "Versions (3)" }).click();
  await page.getByTestId("link-open-diff").click();
  await page.waitForURL((url) => url.pathname === `/document/${id}/diff/2/3`);
  await page.getByTestId("diff-side-by-side").waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the comparison scrolls inside its box at 375 px (${overflow}px too wide)`);

  await page.goto(`/document/${id}/diff/1/99`);
  await page.getByText("Unable to load version data for comparison.").waitFor();
  const missingVersion = /status of 404.*\/diff\/1\/99\)$/;
  assert.deepEqual(
    consoleErrors().filter((e) => !missingVersion.test(e)),
    [],
  );
  await context.close();
});
