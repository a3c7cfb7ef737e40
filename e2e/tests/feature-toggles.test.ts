import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newContext, signIn, watchConsole } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(username: string) {
  const context = await newContext(browser, server.baseUrl);
  await context.addInitScript(() => localStorage.setItem("tour-completed", "true"));
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  await page.goto("/login");
  await signIn(page, username);
  await page.waitForURL((url) => url.pathname === "/home");
  return { context, page, consoleErrors };
}

async function setSwitch(page: Page, feature: string, on: boolean) {
  // Read the switch only once the page has the stored settings (it shows the defaults until then).
  await Promise.all([
    page.waitForResponse((res) => res.url().endsWith("/api/settings") && res.request().method() === "GET"),
    page.goto("/settings"),
  ]);
  const toggle = page.getByTestId(`switch-${feature}`);
  await toggle.waitFor();
  if ((await toggle.getAttribute("aria-checked")) !== String(on)) {
    await Promise.all([
      page.waitForResponse(
        (res) => res.url().endsWith("/api/settings") && res.request().method() === "PATCH",
      ),
      toggle.click(),
    ]);
  }
  await page.waitForFunction(
    ([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute("aria-checked") === want,
    [`switch-${feature}`, String(on)] as const,
  );
}

test("AI Summaries and Approval Workflows turned off in Settings leave the author's pages, and the API refuses them", async () => {
  const admin = await signedIn("admin");
  const author = await signedIn("author");
  const { page } = author;
  await page.goto("/documents?status=Draft");
  const card = page.locator('[data-testid^="card-document-"]').first();
  await card.waitFor();
  const id = (await card.getAttribute("data-testid"))!.replace("card-document-", "");

  await page.goto(`/document/${id}`);
  await page.getByTestId("panel-summary").waitFor();
  await page.getByTestId("button-submit-review").waitFor();

  await setSwitch(admin.page, "aiSummaries", false);
  await setSwitch(admin.page, "approvalWorkflows", false);
  await page.goto(`/document/${id}`);
  await page.getByTestId("document-page").waitFor();
  // The controls go once the page has read the settings (they are on until then).
  await page.getByTestId("panel-summary").waitFor({ state: "detached" });
  await page.getByTestId("button-submit-review").waitFor({ state: "detached" });
  await page.getByTestId("tab-approvals").click();
  await page.getByTestId("text-no-approval").waitFor();
  assert.equal(await page.getByTestId("button-approvals-submit-review").count(), 0);
  const summary = await author.context.request.get(`/api/documents/${id}/summary`);
  assert.equal(summary.status(), 403);
  assert.match(((await summary.json()) as { message: string }).message, /AI summaries are turned off/);

  await setSwitch(admin.page, "aiSummaries", true);
  await setSwitch(admin.page, "approvalWorkflows", true);
  await page.goto(`/document/${id}`);
  await page.getByTestId("panel-summary").waitFor();
  await page.getByTestId("button-submit-review").waitFor();
  // A document without an approval round answers 404 (as on every document page); nothing asked
  // for a feature while it was off, so no 403 reached the console.
  const noApproval = /status of 404.*\/api\/documents\/[^/]+\/approval\)$/;
  assert.deepEqual(
    author.consoleErrors().filter((e) => !noApproval.test(e)),
    [],
  );
  await admin.context.close();
  await author.context.close();
});
