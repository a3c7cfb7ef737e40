import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { overflow, seriousAxeViolations, type Viewport } from "../support/browser";
import { browserSuite, unexpectedErrors } from "../support/suite";

/**
 * The command palette and the keyboard shortcuts: Ctrl-K (or the top bar's button, the way in on a
 * phone) opens a labelled dialog that goes to the pages the role may open, searches documents
 * (titles as you type, Enter runs the search) and asks the assistant; / finds the page's search
 * box, ? lists the shortcuts, and neither fires while typing in a field. Focus comes back on close.
 */
const suite = browserSuite();

const WIDTHS: Viewport[] = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });

/** Opens the palette as the width allows: the keyboard on a desktop, the top bar's button on a phone. */
async function openPalette(page: Page, viewport: Viewport): Promise<void> {
  if (viewport.width < 768) await page.getByTestId("button-command-palette").click();
  else await page.keyboard.press("Control+k");
  await palette(page).waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "combobox");
}

/**
 * Waits for the focus to come back to `testId` once the palette has closed: the dialog gives it
 * back in a task after it leaves the page, which a busy machine may run a moment later.
 */
async function focusReturnsTo(page: Page, testId: string): Promise<void> {
  const back = await page
    .waitForFunction((id) => document.activeElement?.getAttribute("data-testid") === id, testId, {
      timeout: 5_000,
    })
    .then(
      () => true,
      () => false,
    );
  const focused = await page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);
  assert.ok(back, `the focus went back to ${testId}, not to ${focused}`);
}

for (const viewport of WIDTHS) {
  test(`at ${viewport.width} px the palette goes to a page, searches and asks, and fits the screen`, async () => {
    const { context, page, consoleErrors } = await suite.session("admin", { viewport });
    const button = page.getByTestId("button-command-palette");
    assert.ok(await button.isVisible(), "the top bar offers the palette");

    await openPalette(page, viewport);
    const dialog = palette(page);
    const box = await dialog.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width, JSON.stringify(box));
    const { excess, widest } = await overflow(page);
    assert.ok(excess <= 0, `the palette scrolls ${excess} px sideways (${widest})`);
    assert.deepEqual(await seriousAxeViolations(page), []);

    // A page by name: an Admin is offered the Admin sections of Settings.
    await page.keyboard.type("audit");
    await dialog.getByTestId("command-go-settings-audit").click();
    await page.waitForURL((url) => url.pathname === "/settings/audit");
    await dialog.waitFor({ state: "detached" });
    await page.locator('[data-testid="row-audit"]').first().waitFor();

    // Documents as you type; Enter runs the search on the Search page.
    await openPalette(page, viewport);
    await page.keyboard.type("remote work");
    const documents = dialog.getByTestId("group-command-documents");
    await documents.locator('[data-testid^="command-document-"]').first().waitFor({ timeout: 30_000 });
    assert.ok((await documents.locator('[data-testid^="command-document-"]').count()) <= 5);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === "remote work");
    await page.getByTestId("text-results-count").waitFor({ timeout: 30_000 });

    // A listed title opens its document.
    await openPalette(page, viewport);
    await page.keyboard.type("remote work");
    const first = documents.locator('[data-testid^="command-document-"]').first();
    await first.waitFor({ timeout: 30_000 });
    const id = (await first.getAttribute("data-testid"))!.replace("command-document-", "");
    await first.click();
    await page.waitForURL((url) => url.pathname === `/document/${id}`);

    // Ask: the assistant on the Dashboard answers the question, which leaves the address.
    await openPalette(page, viewport);
    await page.keyboard.type("What is the remote work policy?");
    await dialog.getByTestId("command-ask").click();
    await page.waitForURL((url) => url.pathname === "/dashboard" && !url.searchParams.has("ask"));
    await page.getByTestId("ai-answer").waitFor({ timeout: 30_000 });
    assert.equal(await page.getByTestId("input-ai-question").inputValue(), "What is the remote work policy?");

    // Escape closes it, and the focus goes back to what had it.
    if (viewport.width < 768) {
      await openPalette(page, viewport);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await focusReturnsTo(page, "button-command-palette");
    } else {
      await page.getByTestId("input-ai-question").focus();
      await page.keyboard.press("Control+k");
      await dialog.waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await focusReturnsTo(page, "input-ai-question");
    }
    // The document page asks for a summary and an approval round the document may not have yet.
    assert.deepEqual(unexpectedErrors(consoleErrors()), []);
    await context.close();
  });
}

test("a Viewer's palette offers only what a Viewer may open", async () => {
  const { context, page, consoleErrors } = await suite.session("viewer");
  await openPalette(page, { width: 1280, height: 800 });
  const dialog = palette(page);
  await dialog.getByTestId("command-go-settings-account").waitFor();
  for (const refused of ["command-go-upload", "command-go-settings-audit", "command-go-settings-users"])
    assert.equal(await dialog.getByTestId(refused).count(), 0, refused);
  await page.keyboard.press("Escape");
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("/ finds the page's search box or opens Search, ? lists the shortcuts, and neither fires while typing", async () => {
  const { context, page, consoleErrors } = await suite.session("author");
  // Home has no search box: / opens the Search page with its box ready to type in.
  await page.keyboard.press("/");
  await page.waitForURL((url) => url.pathname === "/search");
  await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "input-search");
  // Typed in the box, / and ? are text.
  await page.keyboard.type("a/b?");
  assert.equal(await page.getByTestId("input-search").inputValue(), "a/b?");
  assert.equal(await page.getByRole("dialog").count(), 0);

  // Outside a field, ? lists the shortcuts; Escape closes the list.
  await page.getByRole("heading", { level: 1 }).first().click();
  await page.keyboard.press("?");
  const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await shortcuts.getByText("Show these shortcuts").waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);
  await page.keyboard.press("Escape");
  await shortcuts.waitFor({ state: "detached" });

  // On a page with a search box, / focuses it without typing a slash.
  await page.getByTestId("input-search").fill("");
  await page.getByRole("heading", { level: 1 }).first().click();
  assert.notEqual(
    await page.evaluate(() => document.activeElement?.getAttribute("data-testid")),
    "input-search",
  );
  await page.keyboard.press("/");
  await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "input-search");
  assert.equal(await page.getByTestId("input-search").inputValue(), "");
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});
