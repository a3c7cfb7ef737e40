import assert from "node:assert/strict";
import { test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { seriousAxeViolations, signIn, watchConsole } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

type Session = { context: BrowserContext; page: Page; consoleErrors: () => string[]; dialogs: string[] };

async function searchPage(
  username = "author",
  viewport?: { width: number; height: number },
): Promise<Session> {
  const context = await suite.context(viewport);
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto("/login?next=/search");
  await signIn(page, username);
  await page.waitForURL((url) => url.pathname === "/search");
  await page.getByRole("heading", { name: "Search Documents" }).waitFor();
  return { context, page, consoleErrors, dialogs };
}

test("before a search: the seed's box, disabled button, Start Your Search; nothing is fetched", async () => {
  const { context, page, consoleErrors } = await searchPage();
  const searches: string[] = [];
  page.on("request", (req) => {
    if (/\/api\/search\?/.test(req.url())) searches.push(req.url());
  });
  const box = page.getByPlaceholder("Search documents, content, and metadata...");
  const button = page.getByTestId("button-submit-search");
  assert.equal(await button.innerText(), "Search");
  assert.ok(await button.isDisabled());
  await box.fill("   ");
  assert.ok(await button.isDisabled(), "blank text cannot be searched");
  await box.fill("policy");
  assert.ok(await button.isEnabled());
  await page.getByRole("heading", { name: "Start Your Search" }).waitFor();
  assert.equal(await page.getByTestId("start-search").getByRole("button").count(), 3);
  assert.ok(await page.getByTestId("select-search-category").getByText("All Categories").isVisible());
  assert.ok(await page.getByTestId("select-search-status").getByText("All Statuses").isVisible());
  await page.waitForTimeout(300);
  assert.deepEqual(searches, [], "typing does not search");
  assert.deepEqual(await seriousAxeViolations(page), []);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a submitted search shows results with stars, a <mark> highlight and both buttons", async () => {
  const { context, page, consoleErrors } = await searchPage();
  await page.getByPlaceholder("Search documents, content, and metadata...").fill("remote work");
  await page.getByTestId("button-submit-search").click();
  const heading = page.getByTestId("text-results-count");
  await heading.waitFor({ timeout: 30_000 });
  assert.match(await heading.innerText(), /^Search Results \(\d+ found\)$/);
  const first = page.locator('[data-testid^="result-"]').first();
  // A result can match on its title alone; the excerpts as a whole highlight the words.
  const marks = page.locator('[data-testid="text-excerpt"] mark');
  assert.ok((await marks.count()) > 0, "the excerpts highlight the words");
  assert.match((await marks.first().innerText()).toLowerCase(), /remote|work/);
  const stars = Number(await first.getByTestId("relevance-stars").getAttribute("data-stars"));
  assert.ok(stars >= 0 && stars <= 5);
  await first.getByTestId("relevance-stars").hover();
  await page
    .getByRole("tooltip")
    .getByText(/^\d+% relevant$/)
    .first()
    .waitFor();
  const summaryHref = await first.getByTestId("button-view-summary").getAttribute("href");
  assert.match(summaryHref ?? "", /^\/document\/[^/?]+\?expand=summary$/);
  assert.deepEqual(await seriousAxeViolations(page), []);
  await first.getByTestId("button-view-document").click();
  await page.waitForURL((url) => /^\/document\/[^/]+$/.test(url.pathname));
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a popular search runs at once; a search with no match shows the tips", async () => {
  const { context, page, consoleErrors } = await searchPage();
  const suggestion = page.getByTestId("popular-searches").getByRole("button").first();
  await suggestion.waitFor();
  const text = await suggestion.innerText();
  await suggestion.click();
  await page.getByTestId("text-results-count").waitFor({ timeout: 30_000 });
  assert.equal(await page.getByPlaceholder("Search documents, content, and metadata...").inputValue(), text);

  await page.getByPlaceholder("Search documents, content, and metadata...").fill("zzqxjv nonexistentword");
  await page.getByTestId("button-submit-search").click();
  await page.getByRole("heading", { name: "No Results Found" }).waitFor({ timeout: 30_000 });
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("markup in a document's title and text comes back as text in results; no dialog fires", async () => {
  const { context, page, consoleErrors, dialogs } = await searchPage();
  const categories = (await (await context.request.get("/api/categories")).json()) as { id: string }[];
  const title = `<img src=x onerror=alert("t")> Xylophone memo`;
  const body = `# Memo\n\nThe xylophone <script>alert("c")</script> inventory <img src=x onerror=alert("i")> is due.`;
  const res = await context.request.post("/api/documents/upload", {
    multipart: {
      title,
      categoryId: categories[0]!.id,
      file: { name: "memo.md", mimeType: "text/markdown", buffer: Buffer.from(body) },
    },
    headers: { Origin: suite.server.baseUrl },
  });
  assert.equal(res.status(), 201);

  const box = page.getByPlaceholder("Search documents, content, and metadata...");
  await box.fill("xylophone");
  // A new upload becomes searchable once processed; retry briefly.
  const deadline = Date.now() + 60_000;
  for (;;) {
    await page.getByTestId("button-submit-search").click();
    await page.getByTestId("button-submit-search").getByText("Search", { exact: true }).waitFor();
    if ((await page.getByTestId("text-results-count").count()) > 0 || Date.now() > deadline) break;
    await page.waitForTimeout(500);
  }
  const result = page.locator('[data-testid^="result-"]', { hasText: "Xylophone memo" });
  await result.getByRole("link", { name: title, exact: true }).waitFor();
  assert.ok((await result.locator("mark").count()) > 0);
  assert.equal(await result.locator("script").count(), 0);
  // The one image a result may hold is its thumbnail, fetched from the server; none from the text.
  const images = await result
    .locator("img")
    .evaluateAll((found) => found.map((img) => img.getAttribute("src")));
  assert.ok(
    images.every((src) => src?.startsWith("/api/documents/")),
    `an image that is not the thumbnail: ${images.join(", ")}`,
  );
  assert.deepEqual(dialogs, []);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("at 375 px the search page fits the screen", async () => {
  const { context, page } = await searchPage("author", { width: 375, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scroll (overflow ${overflow}px)`);
  await context.close();
});

test("the search and its filters live in the URL: a bookmark reruns it and Back returns to the last one", async () => {
  const { context, page, consoleErrors } = await searchPage();
  const box = page.getByPlaceholder("Search documents, content, and metadata...");
  const count = page.getByTestId("text-results-count");
  await box.fill("remote work");
  await page.getByTestId("select-search-status").click();
  await page.getByRole("option", { name: "Approved", exact: true }).click();
  await page.getByTestId("button-submit-search").click();
  await page.waitForURL(
    (url) => url.searchParams.get("q") === "remote work" && url.searchParams.get("status") === "Approved",
  );
  await count.waitFor({ timeout: 30_000 });
  const firstCount = await count.innerText();
  const bookmark = page.url();

  await box.fill("expense");
  await page.getByTestId("button-submit-search").click();
  await page.waitForURL((url) => url.searchParams.get("q") === "expense");
  await count.waitFor({ timeout: 30_000 });

  await page.goBack();
  await page.waitForURL((url) => url.searchParams.get("q") === "remote work");
  assert.equal(await box.inputValue(), "remote work", "Back restores the query");
  assert.ok(await page.getByTestId("select-search-status").getByText("Approved").isVisible());
  await page.getByText(firstCount, { exact: true }).waitFor({ timeout: 30_000 });

  // A fresh tab opened on the bookmark runs the same search without a click.
  const other = await context.newPage();
  await other.goto(bookmark);
  await other.getByTestId("text-results-count").waitFor({ timeout: 30_000 });
  assert.equal(await other.getByTestId("text-results-count").innerText(), firstCount);
  assert.equal(
    await other.getByPlaceholder("Search documents, content, and metadata...").inputValue(),
    "remote work",
  );
  const api = (await (await other.request.get("/api/search?q=remote%20work&status=Approved")).json()) as {
    document: { status: string };
  }[];
  assert.equal(firstCount, `Search Results (${api.length} found)`, "the status filter was applied");
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});
