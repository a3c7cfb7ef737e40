import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { seriousAxeViolations, type Viewport } from "../support/browser";
import { repoRoot } from "../support/server";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

/**
 * 404s the page expects: a document without an approval round, and the AI endpoints (summary,
 * improvements) while the server does not offer them; the page hides those sections. Chromium
 * logs each failed fetch as a console error.
 */
const expected404 =
  /status of 404.*\/api\/documents\/[^/]+\/(approval|summary|improvements|diff\/\d+\/\d+\/analysis)\)$/;
const unexpected = (errors: string[]) => errors.filter((e) => !expected404.test(e));

type Doc = { id: string; title: string; versionCount: number; currentVersionNumber: number };

const signedInPage = (viewport?: Viewport) => suite.session("author", { viewport, clipboard: true });

async function findDocument(page: Page, title: string): Promise<Doc> {
  const res = await page.request.get("/api/documents");
  assert.equal(res.status(), 200);
  const docs = (await res.json()) as Doc[];
  const found = docs.find((d) => d.title === title);
  assert.ok(found, `demo document '${title}' exists`);
  return found;
}

async function assertNoSeriousAxe(page: Page, where: string) {
  const violations = await seriousAxeViolations(page);
  assert.deepEqual(violations, [], `${where}: ${JSON.stringify(violations, null, 2)}`);
}

test("a document shows its content, Versions (3) with the real diff, and passes axe", async () => {
  const { context, page, consoleErrors } = await signedInPage();
  const doc = await findDocument(page, "Expense Policy");
  await page.goto(`/document/${doc.id}`);
  await page.getByTestId("text-document-title").getByText("Expense Policy").waitFor();
  await page.getByTestId("document-content").getByRole("heading", { name: "1. Purpose and scope" }).waitFor();
  assert.equal((await page.getByTestId("text-page-title").textContent())?.trim(), "Document");
  await assertNoSeriousAxe(page, "content tab");

  await page.getByRole("tab", { name: "Versions (3)" }).click();
  await page.getByTestId("list-versions").waitFor();
  assert.equal(await page.getByTestId("list-versions").locator("li").count(), 3);
  // Defaults: left = second entry (v2), right = first entry (v3).
  assert.match((await page.getByTestId("select-compare-from").textContent()) ?? "", /Version 2/);
  assert.match((await page.getByTestId("select-compare-to").textContent()) ?? "", /Version 3/);
  await page.getByTestId("diff-side-by-side").waitFor();
  assert.ok((await page.getByTestId("diff-word-added").count()) > 0, "word highlights on the new side");
  assert.ok((await page.getByTestId("diff-word-removed").count()) > 0, "word highlights on the old side");
  assert.ok(Number(await page.getByTestId("stat-lines-added").textContent()) > 0);
  await page.getByText("Changes Summary").waitFor();
  assert.ok((await page.getByTestId("diff-unified-change").count()) > 0);
  await assertNoSeriousAxe(page, "versions tab");

  // Comparing v1 with v3 instead.
  // Listen before choosing: the answer can arrive before a listener added afterwards would see it.
  const diffLoaded = page.waitForResponse((r) => r.url().endsWith(`/api/documents/${doc.id}/diff/1/3`));
  await page.getByTestId("select-compare-from").click();
  await page.getByRole("option", { name: "Version 1" }).click();
  await diffLoaded;

  await page.getByRole("tab", { name: "Approvals" }).click();
  await page.getByTestId("tab-approvals").waitFor();
  assert.deepEqual(unexpected(consoleErrors()), []);
  await context.close();
});

test("edit content saves a new version: Versions (4) and the diff shows the change", async () => {
  const { context, page, consoleErrors } = await signedInPage();
  const doc = await findDocument(page, "Travel Policy");
  await page.goto(`/document/${doc.id}`);
  await page.getByRole("tab", { name: `Versions (${doc.versionCount})` }).waitFor();

  await page.getByTestId("button-edit").click();
  await page.getByTestId("menu-edit-content").click();
  const editor = page.getByTestId("textarea-content");
  const original = await editor.inputValue();
  await editor.fill(`${original}\n\nAll travel must be booked through the e2e portal.\n`);
  await page.getByTestId("input-change-note").fill("Booking portal rule added");
  await page.getByTestId("button-save-version").click();
  const next = doc.versionCount + 1;
  await page.getByRole("tab", { name: `Versions (${next})` }).waitFor();
  await page.getByTestId("document-content").getByText("booked through the e2e portal").waitFor();

  await page.getByRole("tab", { name: `Versions (${next})` }).click();
  await page.getByTestId("list-versions").getByText("Booking portal rule added").waitFor();
  const added = page.getByTestId("diff-side-by-side").locator('[data-kind="added"]');
  await added.getByText("All travel must be booked through the e2e portal.").waitFor();

  // A stale editor (started from an older version) gets the server's 409 and keeps its text.
  const stale = await page.request.post(`/api/documents/${doc.id}/versions`, {
    data: { content: "stale", expectedVersion: doc.versionCount },
  });
  assert.equal(stale.status(), 409);
  await page.getByRole("tab", { name: "Content" }).click();
  await page.getByTestId("button-edit").click();
  await page.getByTestId("menu-edit-content").click();
  // Someone else saves in between.
  const other = await page.request.post(`/api/documents/${doc.id}/versions`, {
    data: { content: `${original}\n\nChanged elsewhere.\n`, expectedVersion: next },
  });
  assert.equal(other.status(), 201);
  await page.getByTestId("textarea-content").fill("My own edit that must survive");
  await page.getByTestId("button-save-version").click();
  await page.getByTestId("text-edit-error").waitFor();
  assert.equal(await page.getByTestId("textarea-content").inputValue(), "My own edit that must survive");
  // Choosing to keep it saves it as the version after the one saved elsewhere.
  await page.getByRole("button", { name: `Keep my text and save over version ${next + 1}` }).click();
  await page.getByTestId("button-save-version").click();
  await page.getByRole("tab", { name: `Versions (${next + 2})` }).waitFor();
  await page.getByTestId("document-content").getByText("My own edit that must survive").waitFor();

  // The refused save is the 409 this test provoked.
  const conflict = /status of 409.*\/versions\)$/;
  assert.deepEqual(
    unexpected(consoleErrors()).filter((e) => !conflict.test(e)),
    [],
  );
  await context.close();
});

test("Download gives the text under the seed's name; Download original gives the exact bytes", async () => {
  const { context, page, consoleErrors } = await signedInPage();
  const doc = await findDocument(page, "Expense Policy");
  await page.goto(`/document/${doc.id}`);
  await page.getByTestId("document-content").waitFor();

  const [text] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("button-download").click(),
  ]);
  assert.equal(text.suggestedFilename(), "Expense_Policy.txt");

  const [original] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("button-download-original").click(),
  ]);
  const path = await original.path();
  const api = await page.request.get(
    `/api/documents/${doc.id}/versions/${doc.currentVersionNumber}/original`,
  );
  assert.equal(api.status(), 200);
  assert.ok(Buffer.from(await api.body()).equals(readFileSync(path)), "same bytes as the API's original");
  assert.equal(original.suggestedFilename(), "expense-policy.md");
  // The owner's history names the copy taken.
  await page.reload();
  await page.getByTestId("list-history").getByText("Downloaded original").first().waitFor();

  // Share & Embed: copy puts the link on the clipboard and toasts 'Link Copied'.
  await page.getByTestId("panel-share-embed").getByTestId("button-copy-short").click();
  await page.getByText("Link Copied").first().waitFor();
  assert.equal(
    await page.evaluate(() => navigator.clipboard.readText()),
    `${suite.server.baseUrl}/doc/${doc.id}`,
  );

  assert.deepEqual(unexpected(consoleErrors()), []);
  await context.close();
});

test("the raw page and the clean reading view render, and an unknown id is 'Document Not Found'", async () => {
  const { context, page, consoleErrors } = await signedInPage();
  const doc = await findDocument(page, "Expense Policy");

  await page.goto(`/document/${doc.id}`);
  await page.getByTestId("button-view-original").click();
  await page.waitForURL((url) => url.pathname === `/document/${doc.id}/raw`);
  await page.getByRole("heading", { name: "Expense Policy (Original Format)" }).waitFor();
  assert.equal((await page.getByTestId("text-version-count").textContent())?.trim(), "3 versions");
  assert.match((await page.getByTestId("text-raw-content").textContent()) ?? "", /^# Expense Policy/);
  const [raw] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("button-download-raw").click(),
  ]);
  assert.equal(raw.suggestedFilename(), "Expense_Policy_raw.txt");
  await assertNoSeriousAxe(page, "raw page");
  // Quire's own viewer fetched the original to show it: the history says viewed, not taken.
  await page.goto(`/document/${doc.id}`);
  await page.getByTestId("list-history").getByText("Viewed original").first().waitFor();

  for (const path of [`/doc/${doc.id}`, `/clean/${doc.id}`]) {
    await page.goto(path);
    await page.getByText("Clean reading view • Version 3").waitFor();
    await page.getByTestId("clean-content").getByRole("heading", { name: "2. Principles" }).waitFor();
    await page.getByRole("button", { name: "Show Info" }).click();
    await page.getByTestId("clean-info").getByText("author").waitFor();
    await page.getByRole("button", { name: "Hide Info" }).waitFor();
    assert.match(
      (await page.getByTestId("text-last-updated").textContent()) ?? "",
      /^Last updated .+ by author$/,
    );
    assert.equal(
      await page.getByTestId("link-permalink").textContent(),
      `${suite.server.baseUrl}/doc/${doc.id}`,
    );
  }
  await assertNoSeriousAxe(page, "clean view");
  await page.getByTestId("link-full-view").click();
  await page.waitForURL((url) => url.pathname === `/document/${doc.id}`);

  await page.goto("/document/no-such-document");
  await page.getByRole("heading", { name: "Document Not Found" }).waitFor();
  await page
    .getByText("The document you're looking for doesn't exist or you don't have permission to view it.")
    .waitFor();
  await page.getByRole("link", { name: "Back to Documents" }).waitFor();
  await page.goto("/doc/no-such-document");
  await page.getByText("The document you're looking for doesn't exist or has been removed.").waitFor();
  await page.goto("/document/no-such-document/raw");
  await page.getByRole("heading", { name: "Document Not Found" }).waitFor();

  const missing = /status of 404.*\/api\/documents\/no-such-document\)$/;
  assert.deepEqual(
    unexpected(consoleErrors()).filter((e) => !missing.test(e)),
    [],
  );
  await context.close();
});

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, title: string) {
  const categories = (await (await page.request.get("/api/categories")).json()) as { id: string }[];
  const res = await page.request.post("/api/documents/upload", {
    multipart: { title, categoryId: categories[0]?.id ?? "", allowDuplicate: "true", file },
  });
  assert.equal(res.status(), 201, await res.text());
  return (await res.json()) as Doc;
}

async function waitUntilProcessed(page: Page, id: string) {
  for (let i = 0; i < 120; i++) {
    const doc = (await (await page.request.get(`/api/documents/${id}`)).json()) as {
      processing: { state: string };
    };
    if (doc.processing.state !== "processing") return doc.processing.state;
    await page.waitForTimeout(500);
  }
  throw new Error("processing did not end");
}

test("a PDF is rendered with pdf.js in the clean view", async () => {
  const { context, page, consoleErrors } = await signedInPage();
  const buffer = readFileSync(join(repoRoot, "apps/server/test-fixtures/users-and-groups.pdf"));
  const doc = await upload(
    page,
    { name: "users-and-groups.pdf", mimeType: "application/pdf", buffer },
    "Users and groups",
  );
  // The detail page polls while processing and shows the text once done.
  await page.goto(`/document/${doc.id}`);
  assert.equal(await waitUntilProcessed(page, doc.id), "ready");
  await page.getByTestId("document-content").waitFor({ timeout: 30_000 });

  await page.goto(`/doc/${doc.id}`);
  await page.getByTestId("pdf-page").first().waitFor({ timeout: 20_000 });
  assert.ok((await page.getByTestId("pdf-page").count()) >= 1);
  const drawn = await page
    .getByTestId("pdf-page")
    .first()
    .evaluate((canvas) => {
      const c = canvas as HTMLCanvasElement;
      const data = c.getContext("2d")?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark++;
      return dark;
    });
  assert.ok(drawn > 100, "the canvas holds drawn text");
  assert.deepEqual(unexpected(consoleErrors()), []);
  await context.close();
});

test("HTML in content, title and tags shows as text and no dialog fires", async () => {
  const { context, page, consoleErrors } = await signedInPage();
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  const payload = '# Notes\n\nHello <img src=x onerror="alert(1)"> world\n\n<script>alert(2)</script>\n';
  const doc = await upload(
    page,
    { name: "<img src=x onerror=alert(3)>.md", mimeType: "text/markdown", buffer: Buffer.from(payload) },
    '<script>alert("title")</script>',
  );
  await waitUntilProcessed(page, doc.id);
  await page.goto(`/document/${doc.id}`);
  await page.getByTestId("text-document-title").getByText('<script>alert("title")</script>').waitFor();
  await page
    .getByTestId("document-content")
    .getByText('<img src=x onerror="alert(1)">', { exact: false })
    .waitFor();
  assert.equal(await page.getByTestId("document-content").locator("img, script").count(), 0);
  await page.goto(`/doc/${doc.id}`);
  await page.getByTestId("clean-content").getByText("<script>alert(2)</script>").waitFor();
  await page.goto(`/document/${doc.id}/raw`);
  await page.getByTestId("text-raw-content").waitFor();
  await page.waitForTimeout(300);
  assert.equal(dialogs, 0);
  assert.deepEqual(unexpected(consoleErrors()), []);
  await context.close();
});

test("at 375 px the document page fits the screen and passes axe", async () => {
  const { context, page, consoleErrors } = await signedInPage({ width: 375, height: 740 });
  const doc = await findDocument(page, "Expense Policy");
  await page.goto(`/document/${doc.id}`);
  await page.getByTestId("document-content").waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling (${overflow}px too wide)`);
  await page.getByRole("tab", { name: "Versions (3)" }).click();
  await page.getByTestId("diff-side-by-side").waitFor();
  const overflowDiff = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflowDiff <= 0, `the diff scrolls inside its own box (${overflowDiff}px too wide)`);
  await assertNoSeriousAxe(page, "375 px versions tab");
  assert.deepEqual(unexpected(consoleErrors()), []);
  await context.close();
});

test("?expand=summary opens the wider side panel; Submit for Review from the page starts the workflow", async () => {
  const { context, page, consoleErrors } = await signedInPage();
  const doc = await findDocument(page, "Data Processing Agreement Template");
  await page.goto(`/document/${doc.id}?expand=summary`);
  await page.getByTestId("document-content").waitFor();
  const panel = page.getByTestId("side-panel");
  assert.equal(await panel.getAttribute("data-expanded"), "true");
  await page.getByTestId("panel-share-embed").waitFor();
  const summaryOffered = (await page.request.get(`/api/documents/${doc.id}/summary`)).status() === 200;
  if (summaryOffered) {
    await page.getByTestId("summary-key-points").waitFor();
    const wide = (await panel.boundingBox())?.width ?? 0;
    await page.getByTestId("button-toggle-summary").click();
    assert.equal(await panel.getAttribute("data-expanded"), "false");
    await page.waitForTimeout(200);
    assert.ok(((await panel.boundingBox())?.width ?? 0) < wide, "narrower when collapsed");
  } else {
    assert.equal(
      await page.getByTestId("panel-summary").count(),
      0,
      "no summary section without the endpoint",
    );
  }

  await page.getByRole("tab", { name: "Approvals" }).click();
  await page.getByText("No Approval Workflow").waitFor();
  await page.getByTestId("button-approvals-submit-review").click();
  const dialog = page.getByTestId("dialog-submit-review");
  await dialog.waitFor();
  await dialog.getByTestId("button-confirm-submit-review").click();
  await page.getByText("Document submitted for review").first().waitFor();
  await page.getByTestId("approval-workflow").waitFor();
  assert.equal(await page.getByTestId("text-approval-stage").textContent(), "Awaiting Review");
  await page.getByTestId("badge-status").getByText("In Review").waitFor();
  assert.equal(await page.getByTestId("button-submit-review").count(), 0, "only a Draft can be submitted");

  assert.deepEqual(unexpected(consoleErrors()), []);
  await context.close();
});
