import assert from "node:assert/strict";
import { test } from "node:test";
import { seriousAxeViolations, signIn, watchConsole } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

test("signing in as author shows the sidebar with username and role", async () => {
  const context = await suite.context();
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);

  await page.goto("/login");
  await page.getByTestId("panel-demo-accounts").waitFor();
  assert.equal(await page.getByTestId("text-demo-password").textContent(), "demo");
  await signIn(page, "author");

  await page.waitForURL("**/home");
  const sidebar = page.getByTestId("sidebar");
  await sidebar.waitFor();
  assert.equal(await sidebar.getByTestId("text-username").textContent(), "author");
  assert.equal(await sidebar.getByTestId("text-role").textContent(), "Author");
  assert.equal((await page.getByTestId("text-page-title").textContent())?.trim(), "Home");
  for (const name of ["Home", "Dashboard", "All Documents", "Approvals", "Search", "Settings", "Take Tour"]) {
    assert.ok(await sidebar.getByText(name, { exact: true }).isVisible(), `${name} is in the sidebar`);
  }
  // Categories come from the server: every entry links to its category page.
  await sidebar.getByTestId("sidebar-categories").waitFor();
  const href = await sidebar.getByTestId("sidebar-categories").locator("a").first().getAttribute("href");
  assert.match(href ?? "", /^\/category\/.+/);
  // The badge shows the server's unread count (the demo's recent review notifications), never a fixed "3".
  const unread = (
    (await (await page.request.get("/api/notifications/unread-count")).json()) as { count: number }
  ).count;
  assert.ok(unread > 0, "the demo's recent decisions on the author's documents are unread");
  await page.getByTestId("badge-notifications").getByText(String(unread), { exact: true }).waitFor();

  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a wrong password shows the server's message", async () => {
  const context = await suite.context();
  const page = await context.newPage();
  await page.goto("/login");
  await signIn(page, "author", "not-the-password");
  const error = page.getByTestId("text-login-error");
  await error.waitFor();
  const text = (await error.textContent()) ?? "";
  assert.ok(text.length > 0 && !/^\d{3}:/.test(text) && !text.includes("{"), `readable message: ${text}`);
  await context.close();
});

test("a signed-out visit to /documents goes to sign-in and returns there afterwards", async () => {
  const context = await suite.context();
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);

  await page.goto("/documents?category=abc");
  await page.waitForURL((url) => url.pathname === "/login");
  assert.equal(new URL(page.url()).searchParams.get("next"), "/documents?category=abc");

  await signIn(page, "author");
  await page.waitForURL((url) => url.pathname === "/documents" && url.search === "?category=abc");
  await page.getByRole("heading", { name: "All Documents", level: 1 }).waitFor();

  // Signing out returns to sign-in, and the protected page is closed again.
  await page.getByTestId("button-sign-out").click();
  await page.waitForURL((url) => url.pathname === "/login");
  await page.goto("/dashboard");
  await page.waitForURL((url) => url.pathname === "/login");

  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("an off-site next parameter is ignored", async () => {
  const context = await suite.context();
  const page = await context.newPage();
  await page.goto("/login?next=//evil.example/steal");
  await signIn(page, "author");
  await page.waitForURL((url) => url.pathname === "/home");
  assert.equal(new URL(page.url()).host, new URL(suite.server.baseUrl).host);
  await context.close();
});

test("a user an Admin created sets a new password at first sign-in before anything else", async () => {
  const login = await fetch(`${suite.server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: suite.server.baseUrl },
    body: JSON.stringify({ username: "admin", password: "demo" }),
  });
  const adminCookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const created = (await (
    await fetch(`${suite.server.baseUrl}/api/users`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: suite.server.baseUrl, cookie: adminCookie },
      body: JSON.stringify({ username: "first.timer", role: "Author" }),
    })
  ).json()) as { temporaryPassword: string };

  const context = await suite.context();
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  await page.goto("/login?next=/documents");
  await signIn(page, "first.timer", created.temporaryPassword);
  await page.getByRole("heading", { name: "Set a new password" }).waitFor();
  assert.equal(await page.getByTestId("sidebar").count(), 0, "nothing else shows until the password is set");
  assert.deepEqual(await seriousAxeViolations(page), []);
  await page.getByLabel("One-time password").fill(created.temporaryPassword);
  await page.getByLabel("New password (at least 8 characters)").fill("my-own-password");
  await page.getByLabel("Repeat the new password").fill("my-own-password");
  await page.getByTestId("button-set-password").click();
  await page.getByTestId("sidebar").waitFor();
  assert.equal(await page.getByTestId("sidebar").getByTestId("text-username").textContent(), "first.timer");
  // The app asked for nothing the server refuses while the one-time password was in force.
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("on a slow link the sign-in page shows Quire at once, then the form", async () => {
  const context = await suite.context();
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  // Hold the sign-in page's own code back, as a slow first visit would.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/login-page-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/login");
  const loading = page.getByTestId("public-page-loading");
  await loading.waitFor();
  assert.ok(await loading.getByText("Quire").isVisible(), "the brand shows while the page loads");
  release();
  await page.getByTestId("input-username").waitFor();
  await loading.waitFor({ state: "detached" });
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});
