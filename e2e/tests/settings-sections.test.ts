import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { overflow, seriousAxeViolations, type Viewport } from "../support/browser";
import { browserSuite } from "../support/suite";
import {
  settingsSections,
  type SettingsSection,
  type SettingsSectionId,
} from "../../apps/web/src/config/settings-sections";

/**
 * Settings has one address per section. Each address opens its section directly (typed in, on a
 * reload, after sign-in), the section navigation marks it, the breadcrumb and the tab title name
 * it, Back and Forward move between sections, and a role that cannot use a section is told so at
 * its address and is not offered it. At 390 px nothing scrolls sideways.
 */
const suite = browserSuite();

const WIDTHS: Viewport[] = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** What shows that a section's content arrived (loaded from the server, not a skeleton). */
const loaded: Record<SettingsSectionId, string> = {
  general: '[data-testid="input-org-name"]',
  account: '[data-testid="input-token-name"]',
  users: '[data-testid^="user-row-"]',
  "category-access": '[data-testid="button-save-category-access"]',
  "document-control": '[data-testid="approval-template-editor"]',
  ingestion: '[data-testid="ocr-languages"]',
  audit: '[data-testid="row-audit"]',
  "public-contact": '[data-testid="button-save-public-contact"]',
};

const adminOnly = settingsSections.filter((section) => section.ability);

/** The section links in the navigation, and which of them is marked current. */
async function navState(page: Page): Promise<{ links: string[]; current: string[] }> {
  const nav = page.getByRole("navigation", { name: "Settings sections" });
  await nav.waitFor();
  const links = await nav.getByRole("link").evaluateAll((els) => els.map((el) => el.textContent ?? ""));
  const current = await nav
    .locator('a[aria-current="page"]')
    .evaluateAll((els) => els.map((el) => el.textContent ?? ""));
  return { links, current };
}

async function assertShows(page: Page, section: SettingsSection, viewport: Viewport): Promise<void> {
  const content = page.locator(loaded[section.id]).first();
  await content.waitFor();
  assert.ok(await content.isVisible(), `${section.href} shows its card`);
  const { current } = await navState(page);
  assert.deepEqual(current, [section.label], `${section.href} is marked current`);
  const crumb = section.id === "general" ? "Settings" : section.label;
  assert.equal(await page.getByTestId("text-page-title").textContent(), crumb);
  assert.equal(
    await page.title(),
    section.id === "general" ? "Settings · Quire" : `${section.label} · Settings · Quire`,
  );
  const { excess, widest } = await overflow(page);
  assert.ok(excess <= 0, `${section.href} at ${viewport.width} px scrolls ${excess} px sideways (${widest})`);
}

for (const viewport of WIDTHS) {
  test(`at ${viewport.width} px every section opens at its own address, and Back and Forward move between them`, async () => {
    // Signed in through a deep link: the sign-in page sends the Admin on to the section asked for.
    const { context, page, consoleErrors } = await suite.session("admin", {
      viewport,
      path: "/settings/categories/access",
    });
    await assertShows(
      page,
      settingsSections.find((s) => s.id === "category-access")!,
      viewport,
    );

    for (const section of settingsSections) {
      await page.goto(section.href);
      await assertShows(page, section, viewport);
    }
    assert.deepEqual(
      (await navState(page)).links,
      settingsSections.map((section) => section.label),
    );
    // A reload keeps the section (the server answers /settings/* with the app).
    await page.reload();
    await assertShows(page, settingsSections.at(-1)!, viewport);

    // Through the navigation, then back and forward through the browser's history.
    const [audit, users, general] = (["audit", "users", "general"] as const).map((id) =>
      settingsSections.find((s) => s.id === id)!,
    );
    await page.getByTestId("settings-nav-audit").click();
    await page.waitForURL((url) => url.pathname === audit!.href);
    await assertShows(page, audit!, viewport);
    await page.getByTestId("settings-nav-users").click();
    await page.waitForURL((url) => url.pathname === users!.href);
    await assertShows(page, users!, viewport);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === audit!.href);
    await assertShows(page, audit!, viewport);
    await page.goForward();
    await page.waitForURL((url) => url.pathname === users!.href);
    await assertShows(page, users!, viewport);
    // The breadcrumb leads back to Settings itself.
    await page.getByTestId("link-breadcrumb-parent").click();
    await page.waitForURL((url) => url.pathname === "/settings");
    await assertShows(page, general!, viewport);

    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });

  test(`at ${viewport.width} px a non-Admin is offered only their sections and is told why at an Admin section's address`, async () => {
    const { context, page, consoleErrors } = await suite.session("author", { viewport, path: "/settings" });
    await page.locator(loaded.general).waitFor();
    assert.deepEqual((await navState(page)).links, ["General", "Account"]);
    for (const section of adminOnly) {
      await page.goto(section.href);
      const refusal = page.getByTestId("not-allowed");
      await refusal
        .getByText(/^Your role \(Author\) cannot .+\. An Admin can change your role in Settings\.$/)
        .waitFor();
      assert.equal(await page.locator(loaded[section.id]).count(), 0, `${section.href} shows nothing of it`);
      assert.deepEqual((await navState(page)).current, [], `${section.href} is not offered as current`);
      assert.equal(await page.getByTestId(`settings-nav-${section.id}`).count(), 0);
      const { excess, widest } = await overflow(page);
      assert.ok(
        excess <= 0,
        `${section.href} at ${viewport.width} px scrolls ${excess} px sideways (${widest})`,
      );
    }
    // The refusal offers the way back to the sections the Author has.
    await page.getByTestId("link-settings-general").click();
    await page.waitForURL((url) => url.pathname === "/settings");
    await page.locator(loaded.general).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}

test("an address under /settings that names no section says so and offers the sections", async () => {
  const { context, page, consoleErrors } = await suite.session("viewer", {
    path: "/settings/no-such-section",
  });
  await page.getByText("No such section", { exact: true }).waitFor();
  assert.deepEqual((await navState(page)).links, ["General", "Account"]);
  assert.equal(await page.getByTestId("text-page-title").textContent(), "Settings");
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});
