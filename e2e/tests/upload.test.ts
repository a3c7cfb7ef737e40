import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { overflow, seriousAxeViolations, signIn, watchConsole } from "../support/browser";
import { repoRoot } from "../support/server";
import { browserSuite } from "../support/suite";

const suite = browserSuite();
const fixtures = join(repoRoot, "apps/server/test-fixtures");

async function uploadPage(username = "author"): Promise<{
  context: BrowserContext;
  page: Page;
  consoleErrors: () => string[];
  dialogs: string[];
}> {
  const context = await suite.context();
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
  // The PDF's title is read by the server, not guessed from the file name.
  assert.equal(await page.getByTestId("input-title").inputValue(), "");
  await chooseCategory(page, "Engineering");
  await page.getByTestId("button-submit-upload").click();

  // The PDF is converted once when chosen (the form's suggestion) and again when stored.
  await page.waitForURL((url) => /^\/document\/[^/]+$/.test(url.pathname), { timeout: 60_000 });
  // Seed §8's toast, said only once processing has ended (at once or when the banner goes).
  await page
    .getByText("Users and Groups in the Debian System has been uploaded and processed.", { exact: true })
    .waitFor({ timeout: 60_000 });
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");

  // The detail page shows the document's own title and the text converted from the PDF.
  await page.getByRole("heading", { name: "Users and Groups in the Debian System" }).first().waitFor();
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
  // The toast says it, and so does the file's own row (several files may be in one upload).
  const message = "Unsupported file type: Quire accepts PDF, DOCX, TXT and MD files.";
  await page
    .getByRole("region", { name: /Notifications/ })
    .getByText(message, { exact: true })
    .waitFor();
  assert.equal(await page.getByTestId("text-upload-error").innerText(), message);
  assert.equal(new URL(page.url()).pathname, "/upload", "stays on the form");
  assert.equal(await page.getByTestId("button-submit-upload").innerText(), "Upload Document");
  // Chromium logs the refused request itself; nothing else may fail.
  const others = consoleErrors().filter((e) => !/status of 415/.test(e));
  assert.deepEqual(others, []);
  await context.close();
});

test("a PDF damaged in its header is refused as damaged (422), not as an unsupported type", async () => {
  const { context, page, consoleErrors } = await uploadPage();
  // A bad disk block: the first 4 KB zeroed, the rest of a real PDF intact.
  const damaged = readFileSync(join(fixtures, "users-and-groups.pdf"));
  damaged.fill(0, 0, 4096);
  await page
    .getByTestId("input-file")
    .setInputFiles({ name: "minutes.pdf", mimeType: "application/pdf", buffer: damaged });
  await chooseCategory(page, "Operations");
  await page.getByTestId("button-submit-upload").click();
  await page.getByText("Upload failed", { exact: true }).first().waitFor();
  const row = page.getByTestId("text-upload-error");
  await row.waitFor();
  assert.match(await row.innerText(), /^The file is damaged or incomplete: .*the PDF could not be read$/);
  assert.equal(new URL(page.url()).pathname, "/upload", "stays on the form");
  const others = consoleErrors().filter((e) => !/status of 422/.test(e));
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
  // A text file's title is read from its first heading or line, so it arrives a moment later.
  // It must settle on the file name's title (a render in between may still show the empty field).
  const expectedTitle = "<img src=x onerror=alert(1)>";
  await page
    .waitForFunction(
      (expected) =>
        (document.querySelector('[data-testid="input-title"]') as HTMLInputElement | null)?.value ===
        expected,
      expectedTitle,
      { timeout: 30_000 },
    )
    .catch(() => undefined);
  assert.equal(await page.getByTestId("input-title").inputValue(), expectedTitle);
  assert.match(
    await page.getByTestId("text-selected-file").innerText(),
    /<img src=x onerror=alert\(1\)>\.txt/,
  );
  await chooseCategory(page, "General");
  await page.getByTestId("button-submit-upload").click();
  await page.waitForURL((url) => /^\/document\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
  await page
    .getByText("<img src=x onerror=alert(1)> has been uploaded and processed.", { exact: true })
    .waitFor({ timeout: 60_000 });

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
  const name = /Suggested category: (.+?)(?: \((?:high|medium|low) confidence\))?$/.exec(
    await hint.innerText(),
  )?.[1];
  assert.ok(name, "the hint names a category");
  assert.equal(await page.getByTestId("select-category").innerText(), name);
  assert.ok(await page.getByTestId("button-submit-upload").isEnabled());
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

/** The signed-in page's own API calls (same cookies). */
async function apiJson<T>(context: BrowserContext, path: string): Promise<T> {
  const res = await context.request.get(path);
  assert.equal(res.status(), 200, path);
  return (await res.json()) as T;
}

type Doc = {
  id: string;
  title: string;
  tags: string[];
  categoryId: string;
  category: { name: string };
  processing: { state: string };
  currentVersion: { content: string };
};

test("several files in one upload: each has its own result, and a refused one loses none of the others", async () => {
  const { context, page, consoleErrors } = await uploadPage();
  const stamp = Date.now();
  await page.getByTestId("input-file").setInputFiles([
    {
      name: `alpha-${stamp}.md`,
      mimeType: "text/markdown",
      buffer: Buffer.from(`# Alpha runbook ${stamp}\n\nRestart the queue worker after a deploy.\n`),
    },
    {
      name: "elf-executable.pdf",
      mimeType: "application/pdf",
      buffer: readFileSync(join(fixtures, "elf-executable.pdf")),
    },
    {
      name: `beta-${stamp}.txt`,
      mimeType: "text/plain",
      buffer: Buffer.from(`Beta notes ${stamp}: rotate the backup tapes every Friday.\n`),
    },
  ]);
  assert.equal(await page.getByTestId("text-selected-file").count(), 3);
  await chooseCategory(page, "Operations");
  assert.equal(await page.getByTestId("button-submit-upload").innerText(), "Upload 3 Documents");
  await page.getByTestId("button-submit-upload").click();

  const rows = page.getByTestId("upload-result");
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid="upload-result"]')]
        .map((r) => r.getAttribute("data-state"))
        .join() === "done,failed,done",
    undefined,
    { timeout: 60_000 },
  );
  assert.equal(
    await rows.nth(1).getByTestId("text-upload-error").innerText(),
    "Unsupported file type: Quire accepts PDF, DOCX, TXT and MD files.",
  );
  await rows.nth(0).getByText(`Alpha runbook ${stamp}`, { exact: true }).waitFor();
  await rows.nth(2).getByText(`beta-${stamp}`, { exact: true }).waitFor();
  assert.equal(new URL(page.url()).pathname, "/upload", "several files stay on the form with their results");
  // Each row follows its document's processing on the server until it ends.
  await rows.nth(0).getByTestId("text-processed").waitFor({ timeout: 60_000 });
  await rows.nth(2).getByTestId("text-processed").waitFor({ timeout: 60_000 });

  const docs = await apiJson<Doc[]>(context, "/api/documents?pageSize=500");
  const mine = docs.filter((d) => d.title.includes(String(stamp)) || d.title === `beta-${stamp}`);
  assert.deepEqual(mine.map((d) => d.title).sort(), [`Alpha runbook ${stamp}`, `beta-${stamp}`]);
  for (const doc of mine) assert.ok(doc.tags.length > 0, `keyphrase tags applied to ${doc.title}`);
  // On a phone the rows fit the screen: no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  const { excess, widest } = await overflow(page);
  assert.ok(excess <= 0, `the page scrolls sideways by ${excess} px at 390 px (${widest})`);
  const others = consoleErrors().filter((e) => !/status of 415/.test(e));
  assert.deepEqual(others, []);
  await context.close();
});

test("a scanned PDF: 'uploaded' at once, progress until OCR ends, no placeholder anywhere, then 'processed'", async () => {
  const { context, page, consoleErrors } = await uploadPage();
  await page.getByTestId("input-file").setInputFiles(join(fixtures, "scanned-page.pdf"));
  await chooseCategory(page, "Engineering");
  await page.getByTestId("button-submit-upload").click();
  await page.waitForURL((url) => /^\/document\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");

  // Honest at once: uploaded, still processing (OCR takes seconds), and the page says so.
  await page
    .getByText(/has been uploaded\. Its text is being processed/)
    .first()
    .waitFor();
  assert.equal(await page.getByText(/has been uploaded and processed/).count(), 0);
  await page.getByTestId("banner-processing").waitFor();
  assert.doesNotMatch(await page.locator("main").innerText(), /ocr-pending|quire:/);

  // The banner goes by itself when the server says processing has ended; then the seed's toast.
  await page.getByTestId("banner-processing").waitFor({ state: "detached", timeout: 120_000 });
  await page
    .getByText(/has been uploaded and processed\./)
    .first()
    .waitFor();
  await page.getByText("Shared MIME-info Database", { exact: false }).first().waitFor();
  const doc = await apiJson<Doc>(context, `/api/documents/${encodeURIComponent(id)}`);
  assert.equal(doc.processing.state, "ready");
  assert.ok(doc.tags.length > 0, "tags from the OCR text");
  assert.doesNotMatch(doc.currentVersion.content, /ocr-pending/);
  // View Original draws the scanned PDF itself; the OCR text is what the document page showed above.
  await page.goto(`/document/${id}/raw`);
  await page.getByTestId("pdf-pages").waitFor();
  assert.doesNotMatch(await page.locator("body").innerText(), /ocr-pending|quire:/);
  await page.goto(`/clean/${id}`);
  await page.getByTestId("clean-page").waitFor();
  assert.doesNotMatch(await page.locator("body").innerText(), /ocr-pending|quire:/);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("the same file twice: the form says so, opens the existing one, or uploads a copy when asked", async () => {
  const { context, page, consoleErrors } = await uploadPage();
  const file = {
    name: `retention-${Date.now()}.md`,
    mimeType: "text/markdown",
    buffer: Buffer.from(`# Retention schedule ${Date.now()}\n\nInvoices are kept for ten years.\n`),
  };
  await page.getByTestId("input-file").setInputFiles(file);
  await chooseCategory(page, "Finance");
  await page.getByTestId("button-submit-upload").click();
  await page.waitForURL((url) => /^\/document\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
  const firstId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");

  await page.goto("/upload");
  await page.getByTestId("input-file").setInputFiles(file);
  await chooseCategory(page, "Finance");
  await page.getByTestId("button-submit-upload").click();
  await page.getByTestId("upload-duplicate").waitFor();
  assert.match(
    await page.getByTestId("upload-duplicate").innerText(),
    /already in the archive as “Retention schedule/,
  );
  assert.equal(new URL(page.url()).pathname, "/upload");
  const href = await page.getByTestId("link-open-existing").getAttribute("href");
  assert.equal(href, `/document/${encodeURIComponent(firstId)}`);

  await page.getByTestId("button-upload-anyway").click();
  await page.waitForURL((url) => /^\/document\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
  const copyId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");
  assert.notEqual(copyId, firstId, "a copy was asked for and made");

  await page.goto("/upload");
  await page.getByTestId("input-file").setInputFiles(file);
  await chooseCategory(page, "Finance");
  await page.getByTestId("button-submit-upload").click();
  await page.getByTestId("link-open-existing").click();
  await page.waitForURL((url) => url.pathname.startsWith("/document/"));
  assert.deepEqual(
    consoleErrors().filter((e) => !/status of 409/.test(e)),
    [],
  );
  await context.close();
});

test("a PDF filed in the wrong category: after processing, its content's category is one click away", async () => {
  const { context, page, consoleErrors } = await uploadPage();
  await page.getByTestId("input-file").setInputFiles(join(fixtures, "shared-mime-info-spec.pdf"));
  await page.getByTestId("text-suggest-after-upload").waitFor();
  await chooseCategory(page, "Human Resources");
  await page.getByTestId("button-submit-upload").click();
  await page.waitForURL((url) => /^\/document\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");
  await page.getByRole("heading", { name: "Shared MIME-info Database" }).first().waitFor();
  await page.getByTestId("banner-processing").waitFor({ state: "detached", timeout: 60_000 });

  const suggestion = await apiJson<{ categoryId: string | null; categoryName: string | null }>(
    context,
    `/api/ai/categorize/${encodeURIComponent(id)}`,
  );
  const before = await apiJson<Doc>(context, `/api/documents/${encodeURIComponent(id)}`);
  assert.ok(suggestion.categoryId && suggestion.categoryName);
  assert.notEqual(suggestion.categoryId, before.categoryId, "a specification is not an HR document");
  const move = page.getByTestId("button-move-suggested");
  assert.equal(await move.innerText(), `Move to ${suggestion.categoryName}`);
  await move.click();
  await page.getByText(`is now in ${suggestion.categoryName}.`, { exact: false }).first().waitFor();
  const after = await apiJson<Doc>(context, `/api/documents/${encodeURIComponent(id)}`);
  assert.equal(after.categoryId, suggestion.categoryId);
  assert.equal(await page.getByTestId("banner-suggested-category").count(), 0);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a fixture exists for every file these tests upload", () => {
  for (const file of [
    "users-and-groups.pdf",
    "elf-executable.pdf",
    "scanned-page.pdf",
    "shared-mime-info-spec.pdf",
  ]) {
    assert.ok(readFileSync(join(fixtures, file)).length > 0, file);
  }
});
