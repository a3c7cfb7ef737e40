import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import type { APIRequestContext, Page } from "playwright-core";
import { overflow, type Viewport } from "../support/browser";
import { browserSuite, unexpectedErrors } from "../support/suite";

const suite = browserSuite();

const WIDTHS: Array<{ viewport: Viewport; language: { code: string; name: string } }> = [
  { viewport: { width: 1280, height: 800 }, language: { code: "deu", name: "German" } },
  { viewport: { width: 390, height: 844 }, language: { code: "fra", name: "French" } },
];

/** The stored choice, as the API answers it. */
async function savedLanguages(request: APIRequestContext): Promise<string[]> {
  const res = await request.get("/api/ingestion/languages");
  assert.equal(res.status(), 200, await res.text());
  return ((await res.json()) as { languages: string[] }).languages;
}

const checkbox = (page: Page, code: string) => page.getByTestId(`checkbox-ocr-language-${code}`);
const isChecked = async (page: Page, code: string) =>
  (await checkbox(page, code).getAttribute("aria-checked")) === "true";

/** Opens Settings and waits for the card's checkboxes (the stored choice loaded). */
async function openCard(page: Page) {
  await page.goto("/settings/ingestion");
  const card = page.getByTestId("card-ocr-languages");
  await card.getByTestId("ocr-languages").waitFor();
  await card.scrollIntoViewIfNeeded();
  return card;
}

async function saveAndReload(page: Page): Promise<void> {
  const saved = page.waitForResponse(
    (res) => res.url().endsWith("/api/ingestion/languages") && res.request().method() === "PUT",
  );
  await page.getByTestId("button-save-ocr-languages").click();
  assert.equal((await saved).status(), 200);
  await page.getByText("OCR languages saved", { exact: true }).first().waitFor();
  await openCard(page);
}

async function assertNoOverflow(page: Page): Promise<void> {
  const { excess, widest } = await overflow(page);
  assert.ok(excess <= 0, `no horizontal scrolling (${excess} px; widest: ${widest})`);
}

for (const { viewport, language } of WIDTHS) {
  test(`at ${viewport.width} px an Admin turns ${language.name} on and off for OCR; each choice survives a reload`, async () => {
    const { context, page, consoleErrors } = await suite.session("admin", { viewport });
    const before = await savedLanguages(page.request);
    assert.ok(!before.includes(language.code), `${language.code} starts off (${before.join(", ")})`);
    const card = await openCard(page);
    for (const code of before) assert.ok(await isChecked(page, code), `${code} shown as chosen`);
    assert.equal(await isChecked(page, language.code), false);
    // Nothing changed yet: nothing to save.
    assert.ok(await page.getByTestId("button-save-ocr-languages").isDisabled());
    await assertNoOverflow(page);

    await checkbox(page, language.code).click();
    await saveAndReload(page);
    assert.ok(await isChecked(page, language.code), `${language.name} still on after the reload`);
    assert.deepEqual((await savedLanguages(page.request)).sort(), [...before, language.code].sort());
    await assertNoOverflow(page);

    await checkbox(page, language.code).click();
    await saveAndReload(page);
    assert.equal(await isChecked(page, language.code), false, `${language.name} still off after the reload`);
    assert.deepEqual((await savedLanguages(page.request)).sort(), [...before].sort());

    // Every language off: the card says why it cannot be saved, and Save stays disabled.
    for (const code of before) await checkbox(page, code).click();
    await card.getByTestId("text-ocr-languages-empty").waitFor();
    assert.ok(await page.getByTestId("button-save-ocr-languages").isDisabled());
    await assertNoOverflow(page);
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}

test("the OCR languages are an Admin's: an Author's Settings has no card, and the API refuses them", async () => {
  const { context, page, consoleErrors } = await suite.session("author");
  // The Author's own sections hold no such card, and the navigation offers no Ingestion section.
  await page.goto("/settings/account");
  await page.getByTestId("settings-page").waitFor();
  await page.getByRole("heading", { name: "API Tokens" }).waitFor();
  assert.equal(await page.getByTestId("card-ocr-languages").count(), 0);
  assert.equal(await page.getByTestId("settings-nav-ingestion").count(), 0);
  // Opened by its address, the section says why it is not shown.
  await page.goto("/settings/ingestion");
  await page
    .getByTestId("text-not-allowed")
    .getByText("Your role (Author) cannot see what entered the archive.")
    .waitFor();
  assert.equal(await page.getByTestId("card-ocr-languages").count(), 0);
  assert.equal((await page.request.get("/api/ingestion/languages")).status(), 403);
  const put = await page.request.put("/api/ingestion/languages", { data: { languages: ["deu"] } });
  assert.equal(put.status(), 403);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

/** apt-get's manual page in its German translation, rendered as a reader sees it. */
function germanManual(): string {
  const text = execFileSync("sh", ["-c", "man -l /usr/share/man/de/man8/apt-get.8.gz 2>/dev/null | col -b"], {
    env: { ...process.env, MANWIDTH: "80" },
    encoding: "utf8",
  });
  // The first sections are enough to tell the language; the whole page only slows processing.
  return text.slice(0, 6_000);
}

/** Uploads a German text as the signed-in user and waits until its processing is done. */
async function uploadGerman(request: APIRequestContext, tag: string): Promise<string> {
  const categories = (await (await request.get("/api/categories")).json()) as { id: string }[];
  const body = `# apt-get (${tag})\n\n${germanManual()}`;
  const res = await request.post("/api/documents/upload", {
    multipart: {
      title: `apt-get Handbuch ${tag}`,
      categoryId: categories[0]?.id ?? "",
      file: { name: `apt-get-${tag}.md`, mimeType: "text/markdown", buffer: Buffer.from(body) },
    },
  });
  assert.equal(res.status(), 201, await res.text());
  const id = ((await res.json()) as { id: string }).id;
  for (let i = 0; i < 240; i++) {
    const doc = (await (await request.get(`/api/documents/${id}`)).json()) as {
      processing: { state: string };
      language: string | null;
    };
    if (doc.processing.state === "failed") throw new Error("the German text failed processing");
    if (doc.processing.state === "ready") {
      assert.equal(doc.language, "deu", "the API names the detected language");
      return id;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the German text was not processed in 2 minutes");
}

for (const { viewport } of WIDTHS) {
  test(`at ${viewport.width} px a German document's page names its detected language`, async () => {
    const { context, page, consoleErrors } = await suite.session("author", { viewport });
    const id = await uploadGerman(page.request, String(viewport.width));
    await page.goto(`/document/${id}`);
    await page.getByTestId("text-document-title").waitFor();
    const language = page.getByTestId("text-language");
    await language.waitFor();
    assert.equal((await language.textContent())?.trim(), "Language: German");
    assert.ok(await language.isVisible());
    await assertNoOverflow(page);
    assert.deepEqual(unexpectedErrors(consoleErrors()), []);
    await context.close();
  });
}
