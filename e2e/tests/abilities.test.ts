import assert from "node:assert/strict";
import { test } from "node:test";
import { seriousAxeViolations, signIn, watchConsole } from "../support/browser";
import { browserSuite } from "../support/suite";

/**
 * A role sees only what it can do. Upload controls follow the server's
 * abilities (GET /api/auth/user), and a page the role cannot use explains why.
 */
const suite = browserSuite();

const uploadControls = ["button-upload", "hero-upload", "button-dashboard-upload"];

for (const [username, role, canUpload] of [
  ["viewer", "Viewer", false],
  ["reviewer", "Reviewer", false],
  ["approver", "Approver", false],
  ["author", "Author", true],
] as const) {
  test(`${username}: Upload is offered exactly when the server allows it`, async () => {
    const context = await suite.context();
    await context.addInitScript(() => localStorage.setItem("tour-completed", "true"));
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await page.goto("/login");
    await signIn(page, username);
    await page.waitForURL((url) => url.pathname === "/home");
    const me = (await (await page.request.get("/api/auth/user")).json()) as {
      abilities: { uploadDocuments: boolean };
    };
    assert.equal(me.abilities.uploadDocuments, canUpload, "the server's answer");

    await page.getByTestId("stat-total-value").waitFor();
    for (const route of ["/home", "/dashboard", "/documents"]) {
      await page.goto(route);
      await page.getByTestId("sidebar").waitFor();
      await page.waitForLoadState("networkidle");
      for (const id of uploadControls) {
        if (!canUpload) assert.equal(await page.getByTestId(id).count(), 0, `${route}: no ${id}`);
      }
      const uploadLinks = await page.locator('main a[href="/upload"], header a[href="/upload"]').count();
      if (canUpload) assert.ok(uploadLinks > 0, `${route}: an upload link`);
      else assert.equal(uploadLinks, 0, `${route}: no link to /upload`);
    }

    await page.goto("/upload");
    if (canUpload) {
      await page.getByRole("heading", { name: "Upload Documents" }).waitFor();
      assert.equal(await page.getByTestId("not-allowed").count(), 0);
    } else {
      const explained = page.getByTestId("text-not-allowed");
      await explained.waitFor();
      assert.match(
        (await explained.textContent()) ?? "",
        new RegExp(`Your role \\(${role}\\) cannot upload documents`),
      );
      assert.equal(await page.locator('input[type="file"]').count(), 0, "no upload form");
      assert.doesNotMatch((await page.locator("main").textContent()) ?? "", /try again/i);
      const violations = await seriousAxeViolations(page);
      assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    }
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}

test("switching the demo role swaps the controls without a reload", async () => {
  const context = await suite.context();
  await context.addInitScript(() => localStorage.setItem("tour-completed", "true"));
  const page = await context.newPage();
  await page.goto("/login");
  await signIn(page, "author");
  await page.waitForURL((url) => url.pathname === "/home");
  await page.getByTestId("button-upload").waitFor();
  await page.getByTestId("select-role").click();
  await page.getByRole("option", { name: "Reviewer" }).click();
  await page.getByTestId("sidebar").getByTestId("text-role").filter({ hasText: "Reviewer" }).waitFor();
  await page.getByTestId("button-upload").waitFor({ state: "detached" });
  assert.equal(await page.getByTestId("hero-upload").count(), 0);
  await context.close();
});
