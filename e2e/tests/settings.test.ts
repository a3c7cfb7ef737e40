import assert from "node:assert/strict";
import { test } from "node:test";
import { seriousAxeViolations, type Viewport } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

const signedIn = (username: string, viewport?: Viewport) =>
  suite.session(username, { viewport, tourCompleted: true, clipboard: true });

/** Changing a user's role to keep the last Admin answers 409; Chromium logs the failed fetch. */
const expected409 = /status of 409.*\/api\/users\//;

test("Admin saves the organisation, a feature and a notification preference; they survive a reload", async () => {
  const { context, page, consoleErrors } = await signedIn("admin");
  await page.goto("/settings");
  await page.getByRole("heading", { name: "Organization Profile" }).waitFor();
  await page.getByTestId("input-org-name").fill("Northwind Test Org");
  await page.getByTestId("input-org-domain").fill("northwind.example");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByText("Settings saved", { exact: true }).waitFor();

  await page.getByTestId("switch-versionDiff").click();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="switch-versionDiff"]')?.getAttribute("aria-checked") === "false",
  );
  await page.getByTestId("switch-reviewReminders").click();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="switch-reviewReminders"]')?.getAttribute("aria-checked") ===
      "false",
  );
  // Let the preference write land before reloading.
  await page
    .waitForResponse((res) => res.url().includes("/api/notifications/preferences"))
    .catch(() => undefined);

  await page.reload();
  await page.getByTestId("input-org-name").waitFor();
  assert.equal(await page.getByTestId("input-org-name").inputValue(), "Northwind Test Org");
  assert.equal(await page.getByTestId("input-org-domain").inputValue(), "northwind.example");
  assert.equal(await page.getByTestId("switch-versionDiff").getAttribute("aria-checked"), "false");
  await page.getByTestId("switch-reviewReminders").waitFor();
  assert.equal(await page.getByTestId("switch-reviewReminders").getAttribute("aria-checked"), "false");

  // System Information comes from the running build.
  const system = (await (await page.request.get("/api/system")).json()) as {
    version: string;
    environment: string;
  };
  assert.equal(
    await page.getByTestId("text-system-version").textContent(),
    `v${system.version.replace(/^v/, "")}`,
  );
  assert.equal(await page.getByTestId("text-system-environment").textContent(), system.environment);
  await page.getByTestId("switch-versionDiff").click();
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("Admin sees the users, expands the list, creates a user with a one-time password and is refused demoting the last Admin", async () => {
  const { context, page, consoleErrors } = await signedIn("admin");
  // Settings itself previews the users (seed §2) and leads to the section that manages them.
  await page.goto("/settings");
  const summary = page.getByTestId("card-users-summary");
  const listed = (await (await page.request.get("/api/users")).json()) as { username: string }[];
  await summary.getByText(`${listed.length} users`, { exact: true }).waitFor();
  assert.equal(await summary.locator('[data-testid^="user-summary-"]').count(), Math.min(4, listed.length));
  if (listed.length > 4)
    await summary.getByRole("link", { name: `+${listed.length - 4} more users` }).waitFor();
  await summary.getByTestId("link-manage-users").click();
  await page.waitForURL((url) => url.pathname === "/settings/users");
  const card = page.getByTestId("card-users");
  await card.waitFor();
  const users = (await (await page.request.get("/api/users")).json()) as { username: string }[];
  await card.getByText(`${users.length} users`, { exact: true }).waitFor();
  assert.equal(await card.locator('[data-testid^="user-row-"]').count(), Math.min(4, users.length));
  if (users.length > 4) {
    await card.getByRole("button", { name: `+${users.length - 4} more users` }).click();
    assert.equal(await card.locator('[data-testid^="user-row-"]').count(), users.length);
  }

  await page.getByTestId("button-create-user").click();
  await page.getByLabel("Username").fill("newclerk");
  await page.getByTestId("button-submit-user").click();
  const password = await page.getByTestId("text-temporary-password").textContent();
  assert.ok(password && password.length >= 8, "a one-time password is shown");
  await page.getByRole("button", { name: "Copy password" }).click();
  await page.getByText("Password copied", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Done" }).click();
  await card.getByText(`${users.length + 1} users`, { exact: true }).waitFor();

  // The only Admin cannot be demoted.
  await page
    .getByTestId("button-more-users")
    .click()
    .catch(() => undefined);
  await page.getByTestId("select-user-role-admin").click();
  await page.getByRole("option", { name: "Author", exact: true }).click();
  await page.getByText("Role change failed", { exact: true }).waitFor();
  assert.deepEqual(
    consoleErrors().filter((e) => !expected409.test(e)),
    [],
  );
  await context.close();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px a Viewer sees read-only settings and no users list, and axe passes`, async () => {
    const { context, page, consoleErrors } = await signedIn("viewer", viewport);
    await page.goto("/settings");
    await page.getByText("Only an Admin can change the organization profile.").waitFor();
    assert.equal(await page.getByRole("button", { name: "Save Changes" }).count(), 0);
    assert.equal(await page.getByTestId("input-org-name").getAttribute("readonly"), "");
    assert.equal(await page.getByTestId("switch-aiSummaries").isDisabled(), true);
    assert.equal(await page.getByTestId("card-users").count(), 0);
    assert.equal(await page.getByTestId("card-users-summary").count(), 0);
    assert.equal(await page.getByTestId("settings-nav-users").count(), 0);
    await page.getByTestId("list-permissions").getByText("Read documents").waitFor();
    // Notification preferences are the Viewer's own; this server has no SMTP server, and says so.
    assert.equal(await page.getByTestId("switch-reviewReminders").isDisabled(), false);
    assert.equal(await page.getByTestId("switch-emailNotifications").isDisabled(), true);
    await page.getByTestId("text-email-unavailable").waitFor();
    await page.getByTestId("text-system-version").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling (${overflow} px)`);
    const violations = await seriousAxeViolations(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}

test("the appearance switch uses the top bar's stored theme", async () => {
  const { context, page } = await signedIn("author");
  await page.goto("/settings");
  await page.getByTestId("switch-dark-mode").click();
  assert.equal(await page.evaluate(() => localStorage.getItem("theme")), "light");
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains("light")));
  await page.getByTestId("switch-dark-mode").click();
  assert.equal(await page.evaluate(() => localStorage.getItem("theme")), "dark");
  await context.close();
});

test("a person makes an API token in Settings, uses it and revokes it; an Admin downloads a backup, which the audit records", async () => {
  const { context, page, consoleErrors } = await signedIn("admin", { width: 390, height: 800 });
  await page.goto("/settings/account");
  const tokens = page.getByTestId("card-api-tokens");
  await tokens.getByTestId("input-token-name").fill("Nightly backup");
  await tokens.getByTestId("button-create-token").click();
  const secret = await tokens.getByTestId("input-new-token").inputValue();
  assert.match(secret, /^qt_/);
  await tokens.getByTestId("button-copy-token").click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);
  // The token acts as its owner on the API, with no session cookie.
  const api = suite.server.baseUrl;
  const asToken = () =>
    fetch(`${api}/api/documents/stats`, { headers: { authorization: `Bearer ${secret}` } });
  assert.equal((await asToken()).status, 200);
  await tokens.getByTestId("button-revoke-token-Nightly backup").click();
  await page.getByText("Token revoked", { exact: true }).waitFor();
  assert.equal((await asToken()).status, 401);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);

  // The backup is part of System Information, on Settings itself.
  await page.getByTestId("settings-nav-general").click();
  await page.waitForURL((url) => url.pathname === "/settings");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("button-download-backup").click(),
  ]);
  assert.match(download.suggestedFilename(), /^quire-backup-.*\.ndjson\.gz$/);
  assert.equal(await download.failure(), null);
  const audit = (await (await context.request.get("/api/activity?subjectType=backup")).json()) as {
    items: { action: string; username: string }[];
  };
  assert.deepEqual(
    audit.items.map((e) => [e.action, e.username]),
    [["Downloaded backup", "admin"]],
  );
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("on a phone an Admin disables a departing reviewer, who is signed out at once and cannot sign in, then enables them again", async () => {
  const reviewer = await signedIn("reviewer2");
  await reviewer.page.goto("/approvals");
  await reviewer.page.getByRole("heading", { name: "Approval Dashboard" }).waitFor();

  const { context, page, consoleErrors } = await signedIn("admin", { width: 390, height: 800 });
  await page.goto("/settings/users");
  const card = page.getByTestId("card-users");
  await card.getByTestId("button-more-users").click();
  await card.getByTestId("button-disable-user-reviewer2").click();
  await card.getByTestId("button-confirm-disable-reviewer2").click();
  await page.getByText("User disabled", { exact: true }).waitFor();
  await card.getByTestId("badge-disabled-reviewer2").waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);

  // The reviewer's open session ended with the account: the next page asks them to sign in.
  assert.equal((await reviewer.context.request.get("/api/auth/user")).status(), 401);
  await reviewer.page.goto("/settings");
  await reviewer.page.waitForURL((url) => url.pathname === "/login");
  const login = await reviewer.context.request.post("/api/auth/login", {
    data: { username: "reviewer2", password: "demo" },
  });
  assert.equal(login.status(), 401);
  await reviewer.context.close();

  await card.getByTestId("button-enable-user-reviewer2").click();
  await page.getByText("User enabled", { exact: true }).waitFor();
  assert.equal(await card.getByTestId("badge-disabled-reviewer2").count(), 0);
  const again = await context.request.post("/api/auth/login", {
    data: { username: "reviewer2", password: "demo" },
  });
  assert.equal(again.status(), 200);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});
