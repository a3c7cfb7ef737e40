import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import type { APIRequestContext } from "playwright-core";
import { overflow, seriousAxeViolations, type Viewport } from "../support/browser";
import { browserSuite } from "../support/suite";

/**
 * All Documents' bulk actions as an Author uses them: every document matching a filter selected,
 * one category set over 200+ of them, and the answer naming exactly the three the rules refuse.
 */
const suite = browserSuite();

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 390, height: 844 };

async function created(res: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<{ id: string }> {
  assert.ok(res.status() === 201 || res.status() === 200, `${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

async function upload(
  request: APIRequestContext,
  fields: { title: string; categoryId: string; tags: string },
): Promise<string> {
  const res = await request.post("/api/documents/upload", {
    multipart: {
      ...fields,
      allowDuplicate: "true",
      file: {
        name: `${fields.title.replace(/\W+/g, "-")}.md`,
        mimeType: "text/markdown",
        buffer: Buffer.from(`# ${fields.title}\n\nA document to change in bulk.\n`),
      },
    },
  });
  return (await created(res)).id;
}

/**
 * 200 Drafts of the author's and three the author sees but may not edit: two of the Admin's, in
 * review (visible, not theirs), and one of the author's own in a category where they may only view.
 */
async function seed(tag: string) {
  const admin = await suite.context();
  const login = await admin.request.post("/api/auth/login", {
    data: { username: "admin", password: "demo" },
  });
  assert.equal(login.status(), 200, await login.text());
  const users = (await (await admin.request.get("/api/users")).json()) as { id: string; username: string }[];
  const idOf = (name: string) => users.find((u) => u.username === name)!.id;
  const category = async (name: string) =>
    (await created(await admin.request.post("/api/categories", { data: { name: `${name} ${tag}` } }))).id;
  const source = await category("Bulk source");
  const viewOnly = await category("Bulk view only");
  const target = await category("Bulk target");

  const author = await suite.context();
  const signedIn = await author.request.post("/api/auth/login", {
    data: { username: "author", password: "demo" },
  });
  assert.equal(signedIn.status(), 200, await signedIn.text());
  for (let i = 0; i < 200; i++)
    await upload(author.request, {
      title: `Bulk ${tag} ${String(i).padStart(3, "0")}`,
      categoryId: source,
      tags: tag,
    });
  const viewOnlyTitle = `Bulk ${tag} view only`;
  await upload(author.request, { title: viewOnlyTitle, categoryId: viewOnly, tags: tag });
  const adminTitles = [`Bulk ${tag} Admin's first`, `Bulk ${tag} Admin's second`];
  for (const title of adminTitles) {
    const id = await upload(admin.request, { title, categoryId: source, tags: tag });
    const submitted = await admin.request.post(`/api/documents/${id}/submit-review`, {
      data: { reviewers: [idOf("reviewer")], approverId: idOf("approver") },
    });
    assert.equal(submitted.status(), 201, await submitted.text());
  }
  const access = await admin.request.put(`/api/categories/${viewOnly}/access`, {
    data: { everyone: "view", groups: [] },
  });
  assert.equal(access.status(), 200, await access.text());
  await Promise.all([admin.close(), author.close()]);
  return { target: `Bulk target ${tag}`, targetId: target, viewOnlyTitle, adminTitles };
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`at ${viewport.width} px an Author sets the category of all 203 matching documents; exactly 3 are refused`, async () => {
    const tag = `bulk-${viewport.width}-${randomUUID().slice(0, 6)}`;
    const seeded = await seed(tag);
    const { context, page, consoleErrors } = await suite.session("author", {
      viewport,
      path: `/documents?tag=${tag}`,
    });
    await page.getByTestId("documents-list").waitFor();
    assert.equal(await page.getByTestId("bulk-action-bar").count(), 0);

    await page.getByTestId("checkbox-select-page").click();
    await page
      .getByTestId("bulk-selected-count")
      .filter({ hasText: /^20 selected$/ })
      .waitFor();
    await page.getByTestId("button-select-all-matching").click();
    await page
      .getByTestId("bulk-selected-count")
      .filter({ hasText: /^203 selected$/ })
      .waitFor();
    if (viewport === PHONE) assert.deepEqual(await overflow(page), { excess: 0, widest: "" });
    assert.deepEqual(await seriousAxeViolations(page), []);

    await page.getByTestId("button-bulk-actions").click();
    await page.getByRole("menuitem", { name: "Set category…" }).click();
    await page.getByTestId("select-bulk-category").click();
    await page.getByRole("option", { name: seeded.target, exact: true }).click();
    const confirm = page.getByTestId("button-confirm-bulk");
    assert.equal(await confirm.innerText(), "Set category (203)");
    const started = Date.now();
    await confirm.click();
    const summary = page.getByTestId("bulk-result-summary");
    await summary.waitFor({ timeout: 120_000 });
    console.log(`bulk set category over 203 documents, as the browser waited: ${Date.now() - started} ms`);
    assert.equal(await summary.innerText(), "200 updated, 3 refused");

    const refused = await page.getByTestId("bulk-refused").getByRole("listitem").allInnerTexts();
    assert.deepEqual(
      refused.map((text) => text.split("\n").filter(Boolean)).sort(),
      [
        [seeded.adminTitles[0], "You may not edit this document: it belongs to someone else"],
        [seeded.adminTitles[1], "You may not edit this document: it belongs to someone else"],
        [seeded.viewOnlyTitle, "You may not edit documents in this category: your access there is view"],
      ].sort(),
    );
    if (viewport === PHONE) assert.deepEqual(await overflow(page), { excess: 0, widest: "" });
    assert.deepEqual(await seriousAxeViolations(page), []);

    await page.getByTestId("button-bulk-result-close").click();
    await page.getByTestId("dialog-bulk-action").waitFor({ state: "detached" });
    assert.equal(await page.getByTestId("bulk-action-bar").count(), 0);
    // The list refreshed: the 200 now live in the target category.
    const moved = await page.request.get(`/api/documents?tag=${tag}&category=${seeded.targetId}&pageSize=1`);
    assert.equal(moved.headers()["x-total-count"], "200");
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}
