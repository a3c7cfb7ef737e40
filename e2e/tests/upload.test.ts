import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext, seriousAxeViolations, signIn, watchConsole } from "../support/browser";
import { repoRoot, startServer, type RunningServer } from "../support/server";

let server: RunningServer;
let browser: Browser;
const fixtures = join(repoRoot, "apps/server/test-fixtures");

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function uploadPage(username = "author"): Promise<{
  context: BrowserContext;
  page: Page;
  consoleErrors: () => string[];
  dialogs: string[];
}> {
  const context = await newContext(browser, server.baseUrl);
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto("/login?next=/upload");
  await signIn(page, username);
  await page.waitForURL((url) => url.pathname === "/upload");
  await page.getByRole("heading", { name: "Upload Documents" }).waitFor();
  return { context, page, consoleErrors, dialogs };
}

async function chooseCategory(page: Page, name: string): Promise<void> {
  await page.getByTestId("select-category").click();
  await page.getByRole("option", { name, exact: true }).click();
}

test("the upload page shows the seed's texts and passes axe", async () => {
  const { context, page, consoleErrors } = await uploadPage();
  for (const text of [
    "What happens next?",
    "Upload Guidelines",
    "File processing",
    "AI analysis",
    "Version control",
  ]) {
    assert.ok(await page.getByText(text, { exact: true }).first().isVisible(), text);
  }
  assert.match(await page.getByTestId("text-accepted-types").innerText(), /\.pdf, \.docx, \.txt, \.md.*10MB/);
  assert.ok(
    await page.getByTestId("button-submit-upload").isDisabled(),
    "disabled until file, title, category",
  );
  assert.deepEqual(await seriousAxeViolations(page), []);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a real PDF uploaded through the UI opens as its document with the converted text", async () => {
  const { context, page, consoleErrors } = await uploadPage();
  await page.getByTestId("input-file").setInputFiles(join(fixtures, "users-and-groups.pdf"));
  assert.equal(await page.getByTestId("input-title").inputValue(), "users-and-groups");
  await chooseCategory(page, "Engineering");
  await page.getByTestId("button-submit-upload").click();

  await page.waitForURL((url) => /^\/document\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
  await page.getByText("users-and-groups has been uploaded and processed.", { exact: true }).waitFor();
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");

  // The detail page shows the title and the text converted from the PDF.
  await page.getByRole("heading", { name: "users-and-groups" }).first().waitFor();
  await page.getByText("This document is free; you can redistribute it", { exact: false }).first().waitFor();
  const res = await context.request.get(`/api/documents/${encodeURIComponent(id)}`);
  assert.equal(res.status(), 200);
  const document = (await res.json()) as {
    title: string;
    status: string;
    currentVersion: { content: string };
  };
  assert.equal(document.status, "Draft");
  assert.match(document.currentVersion.content, /This document is free; you can redistribute it/);

  // The new document is listed.
  await page.goto("/documents");
  await page.getByTestId(`link-document-${id}`).waitFor();
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("an executable renamed .pdf is refused with the server's 415 message", async () => {
  const { context, page, consoleErrors } = await uploadPage();
  await page.getByTestId("input-file").setInputFiles(join(fixtures, "elf-executable.pdf"));
  await chooseCategory(page, "Operations");
  await page.getByTestId("button-submit-upload").click();
  await page.getByText("Upload failed", { exact: true }).first().waitFor();
  await page
    .getByText("Unsupported file type: Quire accepts PDF, DOCX, TXT and MD files.", { exact: true })
    .waitFor();
  assert.equal(new URL(page.url()).pathname, "/upload", "stays on the form");
  assert.equal(await page.getByTestId("button-submit-upload").innerText(), "Upload Document");
  // Chromium logs the refused request itself; nothing else may fail.
  const others = consoleErrors().filter((e) => !/status of 415/.test(e));
  assert.deepEqual(others, []);
  await context.close();
});

test("a file over 10MB is stopped in the browser before any upload", async () => {
  const { context, page } = await uploadPage();
  const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x61);
  await page
    .getByTestId("input-file")
    .setInputFiles({ name: "big.txt", mimeType: "text/plain", buffer: big });
  await page.getByTestId("text-file-error").waitFor();
  assert.match(await page.getByTestId("text-file-error").innerText(), /larger than 10MB/);
  assert.ok(await page.getByTestId("button-submit-upload").isDisabled());
  await context.close();
});

test("markup in a file name and its text stays text, and no dialog fires", async () => {
  const { context, page, consoleErrors, dialogs } = await uploadPage();
  const name = `<img src=x onerror=alert(1)>.txt`;
  const text = `<script>alert("content")</script>\n\nQuarterly <b>bold</b> notes.`;
  await page
    .getByTestId("input-file")
    .setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from(text, "utf8") });
  assert.equal(await page.getByTestId("input-title").inputValue(), "<img src=x onerror=alert(1)>");
  assert.match(
    await page.getByTestId("text-selected-file").innerText(),
    /<img src=x onerror=alert\(1\)>\.txt/,
  );
  await chooseCategory(page, "General");
  await page.getByTestId("button-submit-upload").click();
  await page.waitForURL((url) => /^\/document\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
  await page
    .getByText("<img src=x onerror=alert(1)> has been uploaded and processed.", { exact: true })
    .waitFor();

  await page.goto("/documents");
  const link = page.getByRole("link", { name: "<img src=x onerror=alert(1)>", exact: true });
  await link.waitFor();
  assert.equal(await page.locator("img[src=x]").count(), 0);
  assert.deepEqual(dialogs, []);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("the classifier's suggested category fills an empty category choice", async () => {
  const { context, page, consoleErrors } = await uploadPage();
  const text =
    "# Travel expenses\n\nClaim mileage, hotels and meals through the expense system within 30 days. Receipts are required for every reimbursement.";
  await page
    .getByTestId("input-file")
    .setInputFiles({ name: "claims.md", mimeType: "text/markdown", buffer: Buffer.from(text, "utf8") });
  const hint = page.getByTestId("text-suggested-category");
  await hint.waitFor();
  const name = /Suggested category: (.+?)(?: \(\d+% confidence\))?$/.exec(await hint.innerText())?.[1];
  assert.ok(name, "the hint names a category");
  assert.equal(await page.getByTestId("select-category").innerText(), name);
  assert.ok(await page.getByTestId("button-submit-upload").isEnabled());
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a fixture exists for every file these tests upload", () => {
  for (const file of ["users-and-groups.pdf", "elf-executable.pdf"]) {
    assert.ok(readFileSync(join(fixtures, file)).length > 0, file);
  }
});
