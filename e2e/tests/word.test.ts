import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { convertToMarkdown } from "../../apps/server/src/ingest/convert";
import { overflow, seriousAxeViolations, type Viewport } from "../support/browser";
import { repoRoot } from "../support/server";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

/** 404s the document page expects: no approval round, and the AI endpoints while they are off. */
const expected404 =
  /status of 404.*\/api\/documents\/[^/]+\/(approval|summary|improvements|diff\/\d+\/\d+\/analysis)\)$/;

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** A real Word file (LibreOffice's) with headings, a list and a table: apps/server/test-fixtures/README.md. */
const wordFile = () => readFileSync(join(repoRoot, "apps/server/test-fixtures/base-passwd.docx"));

async function uploadWordFile(page: Page, title: string): Promise<string> {
  const categories = (await (await page.request.get("/api/categories")).json()) as { id: string }[];
  const res = await page.request.post("/api/documents/upload", {
    multipart: {
      title,
      categoryId: categories[0]?.id ?? "",
      allowDuplicate: "true",
      file: { name: "base-passwd.docx", mimeType: DOCX, buffer: wordFile() },
    },
  });
  assert.equal(res.status(), 201, await res.text());
  return ((await res.json()) as { id: string }).id;
}

/** Downloads what clicking `testId` saves, and what the product's converter reads in it. */
async function download(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  const bytes = readFileSync(await file.path());
  return { name: file.suggestedFilename(), markdown: (await convertToMarkdown(bytes, "docx")).markdown };
}

async function assertFits(page: Page, where: string) {
  const { excess, widest } = await overflow(page);
  assert.ok(excess <= 0, `${where}: the page scrolls sideways by ${excess} px (${widest})`);
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] satisfies Viewport[]) {
  test(`a Word document edited in the browser downloads as a Word file at ${viewport.width} px`, async () => {
    const { context, page, consoleErrors } = await suite.session("author", { viewport });
    const title = `Users and Groups ${viewport.width}`;
    const id = await uploadWordFile(page, title);
    await page.goto(`/document/${id}`);
    await page
      .getByTestId("document-content")
      .getByRole("heading", { name: "Chapter 1. Introduction" })
      .waitFor();

    // Edit offers a new file first, then says what an edit of the text will be.
    await page.getByTestId("button-edit").click();
    const items = page.getByRole("menuitem");
    assert.equal((await items.nth(1).textContent())?.trim(), "Upload a new version");
    await page.getByTestId("menu-edit-content").click();
    const choice = page.getByTestId("edit-format-choice");
    await choice.waitFor();
    assert.match(
      (await page.getByTestId("text-edit-outcome").textContent()) ?? "",
      /Your edit will be saved as a new version in Word format \(\.docx\) generated from the text/,
    );
    assert.equal((await choice.getByRole("button").first().textContent())?.trim(), "Upload a new version");
    await assertFits(page, "the choice before editing");
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.getByTestId("button-choice-edit").click();
    await page.getByTestId("text-edit-note").getByText("as a Word file (.docx)").waitFor();

    // Rich text: a sentence typed at the end of the document.
    const sentence = `Edited in the browser at ${viewport.width} px, in rich text.`;
    await page.getByTestId("tab-edit-rich").click();
    const rich = page.getByTestId("rich-text-content");
    await rich.getByRole("heading", { name: "Chapter 1. Introduction" }).waitFor();
    await rich.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type(sentence);
    await assertFits(page, "the rich-text editor");

    // Markdown: the same text, with a heading and a table added.
    await page.getByTestId("tab-edit-write").click();
    const textarea = page.getByTestId("textarea-content");
    const written = await textarea.inputValue();
    assert.ok(written.includes(sentence), "the rich-text edit is in the markdown");
    await textarea.fill(
      `${written.trimEnd()}\n\n## Signing\n\n| Party | Signs |\n| --- | --- |\n| Licensor | Yes |\n`,
    );
    await page.getByTestId("input-change-note").fill("Signing section");
    await page.getByTestId("button-save-version").click();
    await page.getByText("Version saved").first().waitFor();
    await page.getByTestId("document-content").getByRole("heading", { name: "Signing" }).waitFor();

    // The new version's original is a Word file the converter reads back.
    const original = await download(page, "button-download-original");
    assert.equal(original.name, `${title}.docx`);
    assert.ok(original.markdown.includes(sentence), "the edited sentence is in the Word file");
    assert.match(original.markdown, /^## Chapter 1\. Introduction$/m);
    assert.match(original.markdown, /^## Signing$/m);
    assert.match(original.markdown, /^\| Licensor +\| Yes +\|$/m);

    // Every version downloads as Word, and the list says how the new one was made.
    await page.getByTestId("tab-versions").click();
    await page
      .getByTestId("text-original-2")
      .getByText("its Word file (.docx) was generated from the text")
      .waitFor();
    const first = await download(page, "link-word-1");
    assert.equal(first.name, `${title}.docx`);
    assert.ok(!first.markdown.includes(sentence));
    assert.match(first.markdown, /^# Users and Groups in the Debian System$/m);
    await assertFits(page, "the versions tab");

    assert.deepEqual(
      consoleErrors().filter((e) => !expected404.test(e)),
      [],
    );
    await context.close();
  });
}
