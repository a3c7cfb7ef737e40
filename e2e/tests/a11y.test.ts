import assert from "node:assert/strict";
import { test } from "node:test";
import { seriousAxeViolations, signIn } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

test("axe finds no serious or critical violation on sign-in and home, in both themes", async () => {
  const context = await suite.context();
  // The first visit's tour opens a second after Home shows and would cover the theme toggle; its
  // own screens are checked in layout.test.ts.
  await context.addInitScript(() => localStorage.setItem("tour-completed", "true"));
  const page = await context.newPage();

  await page.goto("/login");
  await page.getByTestId("panel-demo-accounts").waitFor();
  assert.deepEqual(await seriousAxeViolations(page), [], "sign-in");

  // The error state has its own colours to check.
  await signIn(page, "author", "wrong-password");
  await page.getByTestId("text-login-error").waitFor();
  assert.deepEqual(await seriousAxeViolations(page), [], "sign-in with an error");

  await signIn(page, "author");
  await page.waitForURL((url) => url.pathname === "/home");
  await page.getByTestId("sidebar-categories").waitFor();
  assert.deepEqual(await seriousAxeViolations(page), [], "home, dark");

  await page.getByTestId("button-theme-toggle").click();
  assert.deepEqual(await seriousAxeViolations(page), [], "home, light");
  await context.close();
});

test("axe finds no serious or critical violation in the narrow-screen drawer", async () => {
  const context = await suite.context({ width: 375, height: 740 });
  await context.addInitScript(() => localStorage.setItem("tour-completed", "true"));
  const page = await context.newPage();
  await page.goto("/login");
  await signIn(page, "author");
  await page.waitForURL((url) => url.pathname === "/home");
  await page.getByTestId("button-menu").click();
  await page.getByTestId("sidebar").waitFor();
  assert.deepEqual(await seriousAxeViolations(page), [], "drawer");
  await context.close();
});
