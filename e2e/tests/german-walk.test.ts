import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { browserSuite } from "../support/suite";
import { englishPieces, findEnglish, visibleInterfaceText, type Finding } from "../support/untranslated";

/**
 * The first hour in German with no English left: an author chooses German, looks round Home, the
 * Dashboard and All Documents, uploads a file, opens it and each of its tabs, searches, submits it
 * for review and reads the bell and Settings; a reviewer in German approves it. On every screen the
 * visible text (without the people's own content) is checked against the English catalogue: any
 * English value the German interface says otherwise and that still shows is a finding, named with
 * its page. The same check on an English screen must find English, or it could never fail.
 */
const suite = browserSuite();
const ENGLISH = englishPieces("de");

const DEMO_USERS = ["admin", "author", "reviewer2", "reviewer", "approver", "viewer", "Quire"];

/** What the people named in the demo archive: documents, categories, tags, approval stages. */
async function contentNames(page: Page, extra: string[]): Promise<string[]> {
  const docs = (await (await page.request.get("/api/documents?pageSize=100")).json()) as {
    title: string;
    tags?: string[];
    originalFilename?: string | null;
  }[];
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string }[];
  // What people wrote that notifications quote: a decision's comment, a title, a name.
  const notes = (await (await page.request.get("/api/notifications")).json()) as {
    message: { params: Record<string, unknown> } | null;
  }[];
  const quoted = notes.flatMap((n) =>
    Object.entries(n.message?.params ?? {})
      .filter(
        ([name, value]) => ["comment", "document", "by", "newer"].includes(name) && typeof value === "string",
      )
      .map(([, value]) => value as string),
  );
  return [
    ...docs.flatMap((d) => [d.title, d.originalFilename ?? "", ...(d.tags ?? [])]),
    ...categories.map((c) => c.name),
    ...quoted,
    ...DEMO_USERS,
    ...extra,
  ].filter((name) => name.length > 0);
}

/** Waits until the page has stopped loading: no skeletons or busy regions, then a moment more. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => !document.querySelector('[aria-busy="true"], .animate-pulse, [data-testid="page-loading"]'),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(400);
}

class Walk {
  readonly findings: (Finding & { where: string })[] = [];
  constructor(
    private readonly names: string[],
    private readonly label: string,
  ) {}

  async check(page: Page, where: string): Promise<void> {
    await settle(page);
    const text = await visibleInterfaceText(page, this.names);
    for (const finding of findEnglish(text, ENGLISH))
      this.findings.push({ ...finding, where: `${this.label} ${where}` });
  }

  report(): string {
    return this.findings.map((f) => `${f.where}: "${f.text}" (${f.key}) in "…${f.context}…"`).join("\n");
  }
}

async function chooseGerman(page: Page): Promise<void> {
  await page.goto("/settings/account");
  await page.getByTestId("card-language").waitFor();
  await page.getByTestId("select-language").click();
  await page.getByRole("option", { name: "Deutsch" }).click();
  await page.getByRole("heading", { level: 1, name: "Einstellungen" }).waitFor();
  assert.equal(await page.getAttribute("html", "lang"), "de");
}

async function openTab(page: Page, testId: string): Promise<boolean> {
  const tab = page.getByTestId(testId);
  if ((await tab.count()) === 0) return false;
  await tab.click();
  return true;
}

/** The author's part: look round, upload, read the document, search, submit, the bell, Settings. */
async function authorWalk(page: Page, walk: Walk, title: string, phone: boolean): Promise<string> {
  await walk.check(page, "/settings/account");
  for (const path of ["/home", "/dashboard", "/documents", "/approvals"]) {
    await page.goto(path);
    await page.locator("main").waitFor();
    await walk.check(page, path);
  }
  if (phone) {
    await page.getByTestId("button-menu").click();
    await page.getByTestId("sidebar").waitFor();
    await walk.check(page, "the menu");
    await page.keyboard.press("Escape");
  }

  await page.goto("/upload");
  await page.getByTestId("form-upload").waitFor();
  await walk.check(page, "/upload");
  await page.getByTestId("input-file").setInputFiles({
    name: "reisekosten.md",
    mimeType: "text/markdown",
    buffer: Buffer.from(`# ${title}\n\nJede Reise wird vorher genehmigt.\n`),
  });
  await page.getByTestId("chosen-file").waitFor();
  await page.getByTestId("input-title").fill(title);
  await page.getByTestId("select-category").click();
  await page.getByRole("option", { name: "Engineering", exact: true }).click();
  await walk.check(page, "/upload with a file chosen");
  await page.getByTestId("button-submit-upload").click();
  await page.waitForURL((url) => /^\/document\/[^/]+$/.test(url.pathname), { timeout: 60_000 });
  const documentId = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByTestId("text-document-title").waitFor();
  await walk.check(page, "the new document");

  for (const tab of ["tab-versions", "tab-comments", "tab-approvals", "tab-approval-record", "tab-content"]) {
    if (await openTab(page, tab)) await walk.check(page, `the new document, ${tab}`);
  }

  await page.goto("/search?q=policy");
  await page.getByTestId("text-results-count").waitFor();
  await walk.check(page, "/search?q=policy");
  await page.goto("/search?q=zzqqxxv");
  await page.getByTestId("no-results").waitFor();
  await walk.check(page, "/search without results");

  await page.goto(`/document/${documentId}`);
  await page.getByTestId("button-submit-review").click();
  const dialog = page.getByTestId("dialog-submit-review");
  await dialog.waitFor();
  const reviewer = dialog.getByTestId("checkbox-reviewer-reviewer");
  await reviewer.waitFor();
  if ((await reviewer.getAttribute("data-state")) !== "checked") await reviewer.click();
  await walk.check(page, "the submit-for-review dialog");
  await dialog.getByTestId("button-confirm-submit-review").click();
  // The dialog closes once the server has the submission (its toast may be gone by then).
  await dialog.waitFor({ state: "detached", timeout: 60_000 });
  await walk.check(page, "the document in review");
  if (await openTab(page, "tab-approvals")) await walk.check(page, "the document in review, tab-approvals");

  await page.getByTestId("button-notifications").click();
  await page.getByRole("menu").waitFor();
  await walk.check(page, "the notifications bell");
  await page.keyboard.press("Escape");

  await page.goto("/settings");
  await page.locator("main").waitFor();
  await walk.check(page, "/settings");
  const sections = await page
    .locator('a[href^="/settings"]')
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))]);
  for (const href of sections.filter((h) => h !== "/settings")) {
    await page.goto(href);
    await page.locator("main").waitFor();
    await walk.check(page, href);
  }
  return documentId;
}

/** The reviewer's part: the queue, the bell, and approving the author's document. */
async function reviewerWalk(page: Page, walk: Walk, documentId: string): Promise<void> {
  await page.goto("/approvals");
  await page.getByTestId("filter-waiting-on-me").waitFor();
  await walk.check(page, "/approvals");
  await page.getByTestId("button-notifications").click();
  await page.getByRole("menu").waitFor();
  await walk.check(page, "the notifications bell");
  await page.keyboard.press("Escape");
  await page.goto(`/document/${documentId}`);
  const banner = page.getByTestId("banner-review-action");
  await banner.waitFor();
  await walk.check(page, "the document waiting on the reviewer");
  await banner.getByTestId("banner-approve").click();
  const dialog = page.getByTestId("dialog-decision");
  await dialog.waitFor();
  await walk.check(page, "the decision dialog");
  await dialog.getByTestId("button-confirm-decision").click();
  await dialog.waitFor({ state: "detached" });
  await walk.check(page, "the document after the review");
  if (await openTab(page, "tab-approvals"))
    await walk.check(page, "the document after the review, tab-approvals");
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the first hour in German shows no English`, async () => {
    const title = `Reisekosten ${viewport.width}`;
    const author = await suite.session("author", { viewport });
    await chooseGerman(author.page);
    const walk = new Walk(await contentNames(author.page, [title, "reisekosten.md"]), `${viewport.width} px`);
    const documentId = await authorWalk(author.page, walk, title, viewport.width < 768);

    const reviewer = await suite.session("reviewer", { viewport });
    await chooseGerman(reviewer.page);
    await reviewerWalk(reviewer.page, walk, documentId);

    assert.equal(walk.findings.length, 0, `English in the German first hour:\n${walk.report()}`);
    await author.context.close();
    await reviewer.context.close();
  });
}

test("the check finds the English of an English screen, so it can fail", async () => {
  // Someone who never chose German here: the walks above chose it for the author and the reviewer.
  const { context, page } = await suite.session("approver", { viewport: { width: 1280, height: 800 } });
  const walk = new Walk(await contentNames(page, []), "English");
  for (const path of ["/dashboard", "/documents", "/settings"]) {
    await page.goto(path);
    await page.locator("main").waitFor();
    await walk.check(page, path);
  }
  const found = new Set(walk.findings.map((f) => f.text));
  for (const english of ["All Documents", "Recent Updates", "Organization Profile"])
    assert.ok(found.has(english), `the check missed "${english}": ${[...found].join(" | ")}`);
  // And each finding names its page and catalogue key.
  assert.match(walk.report(), /English \/documents: "All Documents" \(\w[\w-]*:[\w.]+\)/);
  await context.close();
});
