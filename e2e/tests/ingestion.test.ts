import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { browserSuite } from "../support/suite";

const fixtures = fileURLToPath(new URL("../../apps/server/test-fixtures/", import.meta.url));
const folder = mkdtempSync(path.join(tmpdir(), "quire-e2e-consume-"));
after(() => rmSync(folder, { recursive: true, force: true }));

// The watched folder scanned at each of the runner's schedule ticks; a file settles in a second.
const suite = browserSuite({ CONSUME_DIR: folder, CONSUME_SETTLE_SECONDS: "1", CONSUME_SCAN_SECONDS: "1" });

function drop(relative: string, source: string): void {
  const target = path.join(folder, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(source, target);
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The card's row of one file, by its name. */
const rowNamed = (page: Page, name: string) =>
  page.getByTestId("list-ingestion-items").locator('[data-testid^="row-ingestion-"]', { hasText: name });

// Each width drops another real file: the same bytes again would be a duplicate.
for (const { viewport, file } of [
  { viewport: { width: 1280, height: 800 }, file: "users-and-groups.pdf" },
  { viewport: { width: 390, height: 844 }, file: "base-passwd.docx" },
]) {
  test(`at ${viewport.width} px an Admin sees the folder's files arrive, fail with a reason and retry`, async () => {
    const tag = String(viewport.width);
    const { context, page, consoleErrors } = await suite.session("admin", { viewport, tourCompleted: true });
    await page.goto("/settings/ingestion");
    const card = page.getByTestId("card-ingestion");
    await card.getByTestId("text-ingestion-folder").getByText(folder).waitFor();
    await card
      .getByTestId("text-ingestion-last-scan")
      .filter({ hasNotText: "Not scanned yet" })
      .waitFor({ timeout: 60_000 });

    // Dropped while the page is open: the rows appear live, no reload.
    const name = `${tag}-${file}`;
    drop(`Manuals ${tag}/${name}`, path.join(fixtures, file));
    drop(`program-${tag}.pdf`, path.join(fixtures, "elf-executable.pdf"));
    drop(`copying-${tag}.txt.part`, "/usr/share/common-licenses/Apache-2.0");
    const good = rowNamed(page, name);
    const bad = rowNamed(page, `program-${tag}.pdf`);
    await good.getByText(/^(Processing|Ready)$/).waitFor({ timeout: 60_000 });
    await bad.getByText("Failed", { exact: true }).waitFor({ timeout: 60_000 });
    await bad.getByText(/^415 Unsupported file type/).waitFor();
    await card.getByTestId("list-ingestion-skipped").getByText(`copying-${tag}.txt.part`).waitFor();
    // The row links to the document it became.
    await good.getByRole("link").waitFor();
    assert.ok(existsSync(path.join(folder, "failed", `program-${tag}.pdf.reason.txt`)));
    assert.ok(existsSync(path.join(folder, "processed", `Manuals ${tag}`, name)));

    await bad.getByRole("button", { name: "Retry" }).click();
    await page.getByText("Retrying", { exact: true }).waitFor();
    // Still not a PDF: it fails again, with the same reason, and stays in failed/.
    await bad.getByText("Failed", { exact: true }).waitFor({ timeout: 60_000 });
    await bad.getByText(/^415 Unsupported file type/).waitFor();
    await good.getByText("Ready", { exact: true }).waitFor({ timeout: 120_000 });

    assert.equal(await overflow(page), 0, "no horizontal scrolling with long paths and reasons");
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}

test("the Ingestion card is an Admin's: an Author's Settings has none, and the API refuses them", async () => {
  const { context, page, consoleErrors } = await suite.session("author", { tourCompleted: true });
  // The Author's own sections hold no such card, and the navigation offers no Ingestion section.
  await page.goto("/settings/account");
  await page.getByTestId("settings-page").waitFor();
  await page.getByRole("heading", { name: "API Tokens" }).waitFor();
  assert.equal(await page.getByTestId("card-ingestion").count(), 0);
  assert.equal(await page.getByTestId("settings-nav-ingestion").count(), 0);
  // Opened by its address, the section says why it is not shown.
  await page.goto("/settings/ingestion");
  await page
    .getByTestId("text-not-allowed")
    .getByText("Your role (Author) cannot see what entered the archive.")
    .waitFor();
  assert.equal(await page.getByTestId("card-ingestion").count(), 0);
  assert.equal((await page.request.get("/api/ingestion")).status(), 403);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});
