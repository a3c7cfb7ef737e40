import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { seriousAxeViolations, type Viewport } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

const signedIn = (viewport?: Viewport, tourCompleted: boolean | null = null) =>
  suite.session("author", { viewport, tourCompleted });

const flag = (page: Page) => page.evaluate(() => localStorage.getItem("tour-completed"));

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px: /home?tour=true starts the tour, it steps forward and back, and Complete stores true`, async () => {
    const { context, page, consoleErrors } = await signedIn(viewport, true);
    await page.goto("/home?tour=true");
    const card = page.getByTestId("tour-card");
    await card.waitFor();
    // The parameter is removed from the URL once the tour starts.
    await page.waitForURL((url) => !url.searchParams.has("tour"));
    assert.equal(await flag(page), "false");
    assert.equal(await page.getByTestId("tour-step-count").textContent(), "Step 1 of 8");
    assert.equal(await page.getByTestId("tour-progress").getAttribute("aria-valuenow"), "13");

    const box = await card.boundingBox();
    assert.ok(box, "the card is laid out");
    assert.ok(box.x >= 24 && box.x + box.width <= viewport.width - 24, "the card fits the width");
    assert.ok(box.width <= 400 && Math.round(box.height) <= 300);
    const violations = await seriousAxeViolations(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));

    await page.getByTestId("button-tour-next").click();
    await page.getByTestId("tour-title").getByText("Smart Navigation", { exact: true }).waitFor();
    assert.equal(await page.getByTestId("tour-step-count").textContent(), "Step 2 of 8");
    await page.getByTestId("button-tour-previous").click();
    await page.getByTestId("tour-overlay").and(page.locator('[data-step="welcome"]')).waitFor();

    // Next is ignored during the 150 ms fade, so each step is awaited before the next click.
    for (let i = 2; i <= 8; i += 1) {
      await page.getByTestId("button-tour-next").click();
      await page.getByTestId("tour-step-count").getByText(`Step ${i} of 8`, { exact: true }).waitFor();
    }
    await page.getByTestId("tour-overlay").and(page.locator('[data-step="document-conversion"]')).waitFor();
    assert.equal(await page.getByTestId("tour-progress").getAttribute("aria-valuenow"), "100");
    await page.getByRole("button", { name: "Complete", exact: true }).click();
    await card.waitFor({ state: "detached" });
    assert.equal(await flag(page), "true");
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}

test("Skip Tour and the close icon close without marking complete; the ai-assistant step is spotlighted", async () => {
  const { context, page, consoleErrors } = await signedIn(undefined, true);
  await page.getByTestId("button-take-tour").click();
  const card = page.getByTestId("tour-card");
  await card.waitFor();
  for (let i = 2; i <= 4; i += 1) {
    await page.getByTestId("button-tour-next").click();
    await page.getByTestId("tour-step-count").getByText(`Step ${i} of 8`, { exact: true }).waitFor();
  }
  await page.getByTestId("tour-title").getByText("AI Assistant", { exact: true }).waitFor();
  if ((await page.getByTestId("ai-assistant").count()) > 0)
    await page.getByTestId("tour-spotlight").waitFor();
  await page.getByRole("button", { name: "Skip Tour" }).click();
  await card.waitFor({ state: "detached" });
  assert.equal(await flag(page), "false");

  await page.goto("/home?tour=true");
  await card.waitFor();
  await page.getByRole("button", { name: "Close tour" }).click();
  await card.waitFor({ state: "detached" });
  assert.equal(await flag(page), "false");
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a first visit to Home starts the tour by itself; once started it does not come back", async () => {
  // The reviewer, because the author completes the tour above and the server remembers that.
  const { context, page, consoleErrors } = await suite.session("reviewer", { tourCompleted: null });
  await page.getByTestId("tour-card").waitFor();
  assert.equal(await flag(page), "false");
  await page.keyboard.press("Escape");
  await page.getByTestId("tour-card").waitFor({ state: "detached" });
  await page.reload();
  await page.getByTestId("home-page").waitFor();
  await page.waitForTimeout(1500);
  assert.equal(await page.getByTestId("tour-card").count(), 0);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a tour completed on one device does not start again on another", async () => {
  const first = await suite.session("approver", { tourCompleted: null });
  const card = first.page.getByTestId("tour-card");
  await card.waitFor();
  for (let i = 2; i <= 8; i += 1) {
    await first.page.getByTestId("button-tour-next").click();
    await first.page.getByTestId("tour-step-count").getByText(`Step ${i} of 8`, { exact: true }).waitFor();
  }
  await first.page.getByRole("button", { name: "Complete", exact: true }).click();
  await card.waitFor({ state: "detached" });
  assert.deepEqual(first.consoleErrors(), []);
  await first.context.close();

  // A new browser context is a new device: no flag in its storage, so it asks the server.
  const second = await suite.session("approver", { tourCompleted: null });
  await second.page.getByTestId("home-page").waitFor();
  await second.page.waitForFunction(() => localStorage.getItem("tour-completed") === "true");
  await second.page.waitForTimeout(1500);
  assert.equal(await second.page.getByTestId("tour-card").count(), 0);
  assert.deepEqual(second.consoleErrors(), []);
  await second.context.close();
});

test("each role's tour tells it only what it can do: a Viewer is never told to upload", async () => {
  for (const username of ["viewer", "author"] as const) {
    const { context, page, consoleErrors } = await suite.session(username, { tourCompleted: true });
    await page.goto("/home?tour=true");
    await page.getByTestId("tour-card").waitFor();
    const said: string[] = [];
    for (let i = 1; i <= 8; i += 1) {
      await page.getByTestId("tour-step-count").getByText(`Step ${i} of 8`, { exact: true }).waitFor();
      said.push(await page.locator("#tour-step-description").innerText());
      if (i < 8) await page.getByTestId("button-tour-next").click();
    }
    const quickActions = said[2];
    if (username === "viewer") {
      assert.deepEqual(
        said.filter((text) => /upload/i.test(text)),
        [],
        "the Viewer cannot upload, so no step says to",
      );
      assert.equal(quickActions, "Search the archive straight from here.");
    } else {
      assert.equal(quickActions, "Upload a document or search the archive straight from here.");
    }
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  }
});
