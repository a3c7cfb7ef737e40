import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import { startTestProvider, type TestProvider } from "../../apps/server/test/support/oidc-provider";
import {
  closeBrowser,
  launchBrowser,
  newContext,
  seriousAxeViolations,
  watchConsole,
} from "../support/browser";
import { startServer, type RunningServer } from "../support/server";

const CLIENT = { clientId: "quire-e2e", clientSecret: "quire-e2e-client-secret" };

let idp: TestProvider;
let server: RunningServer;
let browser: Browser;

before(async () => {
  // The provider listens first (Quire needs its address), and learns Quire's address afterwards.
  idp = await startTestProvider();
  server = await startServer({
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: CLIENT.clientId,
    OIDC_CLIENT_SECRET: CLIENT.clientSecret,
    OIDC_ROLE_CLAIM: "roles",
    OIDC_ROLE_MAP: "quire-admins=Admin,quire-approvers=Approver",
    OIDC_GROUPS_CLAIM: "groups",
    OIDC_BUTTON_LABEL: "Acme ID",
  });
  idp.register({ ...CLIENT, redirectUri: `${server.baseUrl}/api/auth/oidc/callback` });
  browser = await launchBrowser();
});

after(async () => {
  await closeBrowser(browser);
  await server?.stop();
  await idp?.close();
});

test("signing in with the SSO button lands on Home signed in with the mapped role", async () => {
  idp.setAccount("e2e-dana", {
    preferred_username: "dana",
    email: "dana@example.com",
    roles: ["quire-approvers"],
    groups: ["Legal"],
  });
  const context = await newContext(browser, server.baseUrl);
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);

  await page.goto("/login");
  const button = page.getByTestId("button-sso");
  assert.equal(await button.textContent(), "Sign in with Acme ID");
  // Password sign-in stays available beside it.
  assert.ok(await page.getByTestId("button-sign-in").isVisible());
  assert.deepEqual(await seriousAxeViolations(page), []);
  await button.click();

  // The provider's own sign-in page.
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill("e2e-dana");
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();

  await page.waitForURL((url) => url.origin === server.baseUrl && url.pathname === "/home");
  const sidebar = page.getByTestId("sidebar");
  await sidebar.waitFor();
  assert.equal(await sidebar.getByTestId("text-username").textContent(), "dana");
  assert.equal(await sidebar.getByTestId("text-role").textContent(), "Approver");
  const me = (await (await page.request.get("/api/auth/user")).json()) as { username: string; role: string };
  assert.deepEqual({ username: me.username, role: me.role }, { username: "dana", role: "Approver" });
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a token the provider did not issue for Quire brings the reader back to sign-in with the reason", async () => {
  idp.setAccount("e2e-erin", { preferred_username: "erin", roles: ["quire-admins"] });
  idp.tamper = (token) => idp.resign(token, (payload) => void (payload.aud = "another-client"));
  const context = await newContext(browser, server.baseUrl);
  const page = await context.newPage();
  try {
    await page.goto("/login");
    await page.getByTestId("button-sso").click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill("e2e-erin");
    await page.locator('input[name="password"]').fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();

    await page.waitForURL((url) => url.origin === server.baseUrl && url.pathname === "/login");
    const error = page.getByTestId("text-sso-error");
    await error.waitFor();
    assert.match((await error.textContent()) ?? "", /could not be verified.*aud/);
    assert.equal((await page.request.get("/api/auth/user")).status(), 401);
  } finally {
    idp.tamper = null;
    await context.close();
  }
});

test("with LOCAL_LOGIN=false the sign-in page offers only single sign-on", async () => {
  const ssoOnly = await startServer({
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: CLIENT.clientId,
    OIDC_CLIENT_SECRET: CLIENT.clientSecret,
    OIDC_BUTTON_LABEL: "Acme ID",
    LOCAL_LOGIN: "false",
  });
  const context = await newContext(browser, ssoOnly.baseUrl);
  try {
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByTestId("button-sso").waitFor();
    assert.equal(await page.getByTestId("input-username").count(), 0);
    assert.equal(await page.getByTestId("button-sign-in").count(), 0);
    assert.equal(await page.getByTestId("panel-demo-accounts").count(), 0);
    const refused = await page.request.post("/api/auth/login", {
      data: { username: "admin", password: "demo" },
    });
    assert.equal(refused.status(), 403);
    assert.match(((await refused.json()) as { message: string }).message, /Password sign-in is turned off/);
  } finally {
    await context.close();
    await ssoOnly.stop();
  }
});
