import assert from "node:assert/strict";
import { test } from "node:test";
import { seriousAxeViolations, signIn, watchConsole } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
]) {
  test(`home at ${viewport.width} px: real counts, five recent documents, hero links, no console errors or serious axe findings`, async () => {
    const context = await suite.context(viewport);
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await page.goto("/login?next=/home");
    await signIn(page, "admin");
    await page.waitForURL((url) => url.pathname === "/home");
    await page.getByTestId("home-page").waitFor();

    const list = await context.request.get("/api/documents?pageSize=1");
    const total = list.headers()["x-total-count"];
    const approved = (await context.request.get("/api/documents?pageSize=1&status=Approved")).headers()[
      "x-total-count"
    ];
    const categories = (await (await context.request.get("/api/categories/stats")).json()) as {
      id: string;
      name: string;
    }[];
    const recent = (await (await context.request.get("/api/documents/recent?limit=5")).json()) as {
      id: string;
      title: string;
    }[];

    await page.getByTestId("stat-total-value").waitFor();
    assert.equal(await page.getByTestId("stat-total-value").textContent(), total);
    assert.equal(await page.getByTestId("stat-approved-value").textContent(), approved);
    assert.equal(await page.getByTestId("stat-categories-value").textContent(), String(categories.length));

    assert.ok(recent.length > 0, "the demo archive has documents");
    for (const document of recent) {
      await page.getByTestId(`recent-document-${document.id}`).getByText(document.title).waitFor();
    }
    assert.equal(await page.locator('[data-testid^="recent-document-"]').count(), Math.min(5, recent.length));
    assert.equal(await page.getByTestId("link-view-all").getAttribute("href"), "/documents");
    assert.equal(await page.getByTestId("hero-search").getAttribute("href"), "/search");
    assert.equal(await page.getByTestId("hero-upload").getAttribute("href"), "/upload");
    assert.equal(await page.getByTestId("button-help-tour").getAttribute("href"), "/home?tour=true");
    if (viewport.width >= 768) await page.getByTestId("sidebar").waitFor();
    assert.equal(await page.getByTestId("ai-assistant").getByRole("link").getAttribute("href"), "/dashboard");
    for (const category of categories) {
      const tile = page.getByTestId("home-page").getByTestId(`tile-${category.name.toLowerCase()}`);
      assert.equal(await tile.getAttribute("href"), `/category/${category.id}`);
    }

    const violations = await seriousAxeViolations(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}
