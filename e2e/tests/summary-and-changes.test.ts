import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

const signedIn = () => suite.session("author");

async function documentId(page: Page, title: string): Promise<string> {
  const docs = (await (await page.request.get("/api/documents")).json()) as { id: string; title: string }[];
  const found = docs.find((d) => d.title === title);
  assert.ok(found, title);
  return found.id;
}

test("the AI summary is shown once on the document page, expanded or not", async () => {
  const { context, page, consoleErrors } = await signedIn();
  const id = await documentId(page, "Expense Policy");
  const summary = (await (await page.request.get(`/api/documents/${id}/summary`)).json()) as {
    keyPoints: string[];
  };
  const lead = summary.keyPoints[0] ?? "";
  assert.match(lead, /^This policy explains/);

  await page.goto(`/document/${id}?expand=summary`);
  await page.getByTestId("summary-key-points").getByText(lead).waitFor();
  await page.getByTestId("text-summary-in-panel").waitFor();
  assert.equal(await page.getByText(lead, { exact: true }).count(), 1, "expanded: the key point once");

  await page.getByTestId("button-toggle-summary").click();
  await page.getByTestId("summary-card-items").getByText(lead).waitFor();
  assert.equal(await page.getByText(lead, { exact: true }).count(), 1, "collapsed: the key point once");
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a key change of the AI Analysis Summary links to its changed row in the diff", async () => {
  const { context, page, consoleErrors } = await signedIn();
  const id = await documentId(page, "Expense Policy");
  await page.goto(`/document/${id}/diff/2/3`);
  const link = page.getByTestId("link-key-change").first();
  await link.waitFor();
  const href = (await link.getAttribute("href")) ?? "";
  assert.match(href, /^#diff-(?:new|old)-\d+$/);
  // The line's anchor is the first cell of its row (the row's own id numbers the changes).
  const row = page.locator(`tr:has(${href})`);
  assert.notEqual(await row.getAttribute("data-kind"), "unchanged", "the link lands on a changed row");
  await link.click();
  await page.waitForURL((url) => url.hash === href);
  await page.waitForFunction((selector) => {
    const box = document.querySelector(selector)?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
  }, href);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});
