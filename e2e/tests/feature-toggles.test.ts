import assert from "node:assert/strict";
import { test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { signIn, watchConsole } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

const features = ["aiSummaries", "versionDiff", "approvalWorkflows", "semanticSearch"] as const;

/** Flips one Settings switch as the signed-in Admin and waits for the server to have saved it. */
async function setSwitch(page: Page, feature: string, on: boolean): Promise<void> {
  const toggle = page.getByTestId(`switch-${feature}`);
  if ((await toggle.getAttribute("aria-checked")) === String(on)) return;
  const saved = page.waitForResponse(
    (res) => res.url().endsWith("/api/settings") && res.request().method() === "PATCH",
  );
  await toggle.click();
  assert.equal((await saved).status(), 200);
  // The switch shows the saved value once React has the server's answer, a moment after it arrives.
  await page.waitForFunction(
    ([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute("aria-checked") === want,
    [`switch-${feature}`, String(on)] as const,
  );
}

/**
 * Waits until nothing matches: a switched-off feature's control may show for a moment after a
 * page load, since every feature counts as on until the settings have arrived (useFeatures).
 */
async function gone(locator: Locator, what: string): Promise<void> {
  const until = Date.now() + 15_000;
  while ((await locator.count()) > 0) {
    assert.ok(Date.now() < until, `${what} is still shown`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function runbookId(page: Page): Promise<string> {
  const docs = (await (await page.request.get("/api/documents?pageSize=500")).json()) as {
    id: string;
    title: string;
  }[];
  const doc = docs.find((d) => d.title === "Incident Response Runbook");
  assert.ok(doc, "the demo archive has the Incident Response Runbook");
  return doc.id;
}

test("Admin turns every feature off: its controls disappear and the API refuses; on again, they return", async () => {
  const context = await suite.context();
  await context.addInitScript(() => localStorage.setItem("tour-completed", "true"));
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  await page.goto("/login");
  await signIn(page, "admin");
  await page.waitForURL((url) => url.pathname === "/home");
  const id = await runbookId(page);

  // Everything on: the controls are there.
  await page.goto(`/document/${id}`);
  await page.getByTestId("panel-summary").waitFor();
  await page.getByTestId("tab-approvals").waitFor();
  await page.getByTestId("nav-approvals").waitFor();
  await page.getByTestId("tab-versions").click();
  await page.getByTestId("version-comparison").waitFor();

  await page.goto("/settings");
  for (const feature of features) await setSwitch(page, feature, false);

  await page.goto(`/document/${id}`);
  await page.getByTestId("tab-versions").click();
  await page.getByTestId("list-versions").waitFor();
  await gone(page.getByTestId("version-comparison"), "the version comparison");
  await gone(page.getByRole("link", { name: /Changes in version/ }), "a link to a version's changes");
  await gone(page.getByTestId("panel-summary"), "the AI summary");
  await gone(page.getByTestId("tab-approvals"), "the Approvals tab");
  await gone(page.getByTestId("nav-approvals"), "Approvals in the sidebar");

  await page.goto("/approvals");
  await page.getByTestId("text-approvals-off").waitFor();
  await page.goto("/search");
  await page.getByTestId("input-search").waitFor();
  await gone(page.getByTestId("checkbox-search-meaning"), "the by-meaning switch");

  // The API refuses too, so hiding is not the only guard.
  const summary = await page.request.get(`/api/documents/${id}/summary`);
  assert.equal(summary.status(), 403);
  assert.match(((await summary.json()) as { message: string }).message, /AI Summaries are turned off/);
  assert.equal((await page.request.get(`/api/documents/${id}/diff/1/2`)).status(), 403);
  const hybrid = await page.request.get("/api/search?q=incident&mode=hybrid");
  assert.equal(hybrid.status(), 200);
  assert.equal(hybrid.headers()["x-quire-search-mode"], "fulltext");

  await page.goto("/settings");
  for (const feature of features) await setSwitch(page, feature, true);
  await page.goto("/search");
  await page.getByTestId("input-search").fill("incident response");
  await page.getByTestId("checkbox-search-meaning").check();
  const searched = page.waitForResponse((res) => res.url().includes("/api/search?"));
  await page.getByTestId("button-submit-search").click();
  const res = await searched;
  assert.match(res.url(), /mode=hybrid/);
  assert.equal(res.headers()["x-quire-search-mode"], "hybrid");
  await page.getByTestId("text-results-count").waitFor();
  await page.getByTestId("nav-approvals").waitFor();

  assert.deepEqual(consoleErrors(), []);
  await context.close();
});
