import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import type { APIRequestContext, Page } from "playwright-core";
import { seriousAxeViolations, type Viewport } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();
const group = `Auditors ${Date.now()}`;
const closedCategory = "Legal";
const restrictedTitle = "Company Handbook: Welcome to Northwind Analytics";

const signedIn = (username: string, viewport?: Viewport) =>
  suite.session(username, { viewport, tourCompleted: true });

async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

type Doc = { id: string; title: string; categoryId: string };
type CategoryCount = { name: string; count: number };
const complianceQuestion = "What are our compliance requirements?";
const searchedTitles = ["Compliance Requirements Overview", restrictedTitle];
async function documentsFor(request: APIRequestContext): Promise<{ docs: Doc[]; total: number }> {
  const res = await request.get("/api/documents?pageSize=500");
  return { docs: (await res.json()) as Doc[], total: Number(res.headers()["x-total-count"]) };
}

/** What the outsider (the demo Viewer, in no group) finds before the Admin narrows access. */
let outsiderBefore: { total: number; hidden: Doc[] };

test("before: the outsider finds the Legal documents and the handbook", async () => {
  const { context } = await signedIn("viewer");
  const { docs, total } = await documentsFor(context.request);
  const categories = (await (await context.request.get("/api/categories")).json()) as {
    id: string;
    name: string;
  }[];
  const legal = categories.find((c) => c.name === closedCategory)!;
  const hidden = docs.filter((d) => d.categoryId === legal.id || d.title === restrictedTitle);
  assert.ok(
    hidden.some((d) => d.title === restrictedTitle),
    "the handbook is visible to everyone at first",
  );
  assert.ok(hidden.length >= 3, hidden.map((d) => d.title).join(", "));
  const hiddenIds = new Set(hidden.map((d) => d.id));
  // What the checks below look for is there to be found today: the assistant cites one of them
  // for the question asked later, and a search for their titles finds them.
  const answer = (await (
    await context.request.post("/api/ai/ask", { data: { question: complianceQuestion } })
  ).json()) as { citations: { documentId: string }[] };
  assert.ok(
    answer.citations.some((c) => hiddenIds.has(c.documentId)),
    JSON.stringify(answer.citations),
  );
  for (const title of searchedTitles) {
    const found = (await (
      await context.request.get(`/api/search?q=${encodeURIComponent(title)}`)
    ).json()) as { document: { id: string } }[];
    assert.ok(
      found.some((r) => hiddenIds.has(r.document.id)),
      title,
    );
  }
  const tiles = (await (await context.request.get("/api/categories/stats")).json()) as CategoryCount[];
  assert.ok((tiles.find((s) => s.name === closedCategory)?.count ?? 0) > 0, "Legal holds documents");
  outsiderBefore = { total, hidden };
  await context.close();
});

test("an Admin creates a group, closes a category to it and restricts a document; the audit shows it and exports it", async () => {
  const { context, page, consoleErrors } = await signedIn("admin");
  await page.goto("/settings/users");

  // Settings › Users and Groups: a new group with the reviewer in it.
  const groups = page.getByTestId("card-groups");
  await groups.getByTestId("button-create-group").click();
  const dialog = page.getByTestId("dialog-group");
  await dialog.getByTestId("input-group-name").fill(group);
  await dialog.getByTestId("checkbox-member-reviewer").click();
  await dialog.getByTestId("button-save-group").click();
  await page.getByText("Group created", { exact: true }).waitFor();
  await groups.getByTestId(`group-row-${group}`).getByText("reviewer").waitFor();

  // Category access: Legal closed to everyone, viewable by the group.
  await page.getByTestId("settings-nav-category-access").click();
  await page.waitForURL((url) => url.pathname === "/settings/categories/access");
  const access = page.getByTestId("card-category-access");
  // The editor shows the chosen category's list once it has loaded; choose levels after that.
  const loaded = page.waitForResponse(
    (res) => res.url().endsWith("/access") && res.request().method() === "GET",
  );
  await pick(page, "select-access-category", closedCategory);
  await loaded;
  await pick(page, "select-access-everyone", "No access");
  await pick(page, `select-access-group-${group}`, "View");
  const saved = page.waitForResponse(
    (res) => res.url().endsWith("/access") && res.request().method() === "PUT",
  );
  await access.getByTestId("button-save-category-access").click();
  const savedRes = await saved;
  assert.equal(savedRes.status(), 200, await savedRes.text());
  await page.getByText("Access saved", { exact: true }).waitFor();

  // The handbook, restricted to the group from its Share dialog; "Who has access" follows.
  const { docs } = await documentsFor(page.request);
  const handbook = docs.find((d) => d.title === restrictedTitle)!;
  await page.goto(`/document/${handbook.id}`);
  await page.getByTestId("button-share").click();
  const share = page.getByTestId("dialog-share");
  const holders = share.getByTestId("list-access-holders");
  await holders.getByTestId("access-holder-viewer").waitFor();
  await share.getByTestId("button-restrict").click();
  await share.getByTestId(`checkbox-restrict-group-${group}`).click();
  await share.getByTestId("button-save-restriction").click();
  await page.getByText("Access restricted", { exact: true }).waitFor();
  await holders.getByTestId("access-holder-viewer").waitFor({ state: "detached" });
  await holders
    .getByTestId("access-holder-reviewer")
    .getByText(`Group ${group} (named on this document)`)
    .waitFor();
  assert.equal(await share.getByTestId("badge-access-mode").innerText(), "Restricted");
  assert.deepEqual(await seriousAxeViolations(page), []);
  await page.keyboard.press("Escape");

  // Settings › Audit: the three changes, and the group's entries exported as CSV.
  await page.goto("/settings/audit");
  const audit = page.getByTestId("card-audit");
  const table = audit.getByTestId("table-audit");
  await table.waitFor();
  await table.getByText("Created group", { exact: true }).first().waitFor();
  await table.getByText("Changed category access", { exact: true }).first().waitFor();
  await table.getByText("Restricted document", { exact: true }).first().waitFor();
  await audit.getByRole("link", { name: restrictedTitle }).first().waitFor();
  // Exported unfiltered, the file holds the three changes with who made them.
  const [everything] = await Promise.all([
    page.waitForEvent("download"),
    audit.getByTestId("button-audit-export").click(),
  ]);
  const exported = readFileSync(await everything.path(), "utf8").split("\n");
  for (const action of ["Created group", "Changed category access", "Restricted document"])
    assert.ok(
      exported.some((l) => l.includes(`,admin,`) && l.includes(`,${action},`)),
      `${action} missing from the export`,
    );
  assert.ok(
    exported.some((l) => l.includes(",Restricted document,") && l.includes(restrictedTitle)),
    "the restriction names its document",
  );
  await pick(page, "select-audit-kind", "Groups");
  const settled = page.waitForResponse((res) => res.url().includes("/api/activity?") && res.ok());
  await audit.getByTestId("button-audit-apply").click();
  await settled;
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    audit.getByTestId("button-audit-export").click(),
  ]);
  const lines = readFileSync(await download.path(), "utf8")
    .trim()
    .split("\n");
  assert.ok(
    lines.some((l) => l.includes(",Created group,group,") && l.includes(group)),
    lines.join("\n"),
  );
  assert.ok(
    lines.slice(1).every((l) => l.includes(",group,")),
    lines.join("\n"),
  );
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("the outsider no longer finds them: lists, category tiles, search, the assistant and the dashboard counts", async () => {
  const { context, page, consoleErrors } = await signedIn("viewer");
  const hiddenIds = new Set(outsiderBefore.hidden.map((d) => d.id));
  const { docs, total } = await documentsFor(context.request);
  assert.deepEqual(
    docs.filter((d) => hiddenIds.has(d.id)).map((d) => d.title),
    [],
  );
  assert.equal(total, outsiderBefore.total - hiddenIds.size);
  for (const doc of outsiderBefore.hidden) {
    assert.equal((await context.request.get(`/api/documents/${doc.id}`)).status(), 404, doc.title);
  }

  // Home and the dashboard count only what the outsider may open; the closed category has no tile.
  const stats = (await (await context.request.get("/api/categories/stats")).json()) as CategoryCount[];
  assert.equal(
    stats.find((s) => s.name === closedCategory),
    undefined,
  );
  const home = page.getByTestId("home-page");
  await home.getByTestId("stat-total-value").getByText(String(total), { exact: true }).waitFor();
  await home.getByTestId(`tile-${stats[0]!.name.toLowerCase()}`).waitFor();
  assert.equal(await home.getByTestId(`tile-${closedCategory.toLowerCase()}`).count(), 0);
  await page.goto("/dashboard");
  await page.getByTestId("quick-stat-total").getByText(String(total), { exact: true }).waitFor();
  await page.getByTestId(`tile-${stats[0]!.name.toLowerCase()}`).waitFor();
  assert.equal(await page.getByTestId(`tile-${closedCategory.toLowerCase()}`).count(), 0);
  const insights = (await (await context.request.get("/api/dashboard/insights")).json()) as {
    total: number;
    byCategory: CategoryCount[];
  };
  assert.equal(insights.total, total);
  assert.equal(
    insights.byCategory.find((c) => c.name === closedCategory),
    undefined,
  );

  // The assistant's answer cites none of them.
  await page.getByTestId("input-ai-question").fill(complianceQuestion);
  await page.getByTestId("button-ask-ai").click();
  await page.getByTestId("ai-answer").waitFor({ timeout: 30_000 });
  const citations = page.locator('[data-testid^="link-citation-"]');
  for (let i = 0; i < (await citations.count()); i++) {
    const href = (await citations.nth(i).getAttribute("href")) ?? "";
    assert.ok(![...hiddenIds].some((id) => href.includes(id)), `cites a hidden document: ${href}`);
  }

  // Search for their own titles finds none of them.
  await page.goto("/search");
  for (const title of searchedTitles) {
    await page.getByPlaceholder("Search documents, content, and metadata...").fill(title);
    const answered = page.waitForResponse((res) => res.url().includes("/api/search?") && res.ok());
    await page.getByTestId("button-submit-search").click();
    await answered;
    await page.waitForTimeout(200);
    for (const id of hiddenIds) assert.equal(await page.getByTestId(`result-${id}`).count(), 0, title);
  }
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a group member still finds the closed category and the restricted document", async () => {
  const { context } = await signedIn("reviewer");
  const { docs } = await documentsFor(context.request);
  const seen = new Set(docs.map((d) => d.id));
  for (const doc of outsiderBefore.hidden) assert.ok(seen.has(doc.id), doc.title);
  await context.close();
});

test("at 390 px the groups, category access and Share dialog fit without sideways scrolling", async () => {
  const { context, page, consoleErrors } = await signedIn("admin", { width: 390, height: 844 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.goto("/settings/users");
  await page.getByTestId("card-groups").getByTestId(`group-row-${group}`).waitFor();
  assert.ok((await overflow()) <= 0, `Users & Groups scroll ${await overflow()}px sideways`);
  await page.goto("/settings/categories/access");
  await page.getByTestId("card-category-access").getByTestId("button-save-category-access").waitFor();
  assert.ok((await overflow()) <= 0, `Category Access scrolls ${await overflow()}px sideways`);
  const { docs } = await documentsFor(page.request);
  await page.goto(`/document/${docs.find((d) => d.title === restrictedTitle)!.id}`);
  await page.getByTestId("button-share").click();
  await page.getByTestId("list-access-holders").waitFor();
  await page.getByTestId("button-restrict").click();
  await page.getByTestId("editor-restrict").waitFor();
  assert.ok((await overflow()) <= 0, `the Share dialog scrolls ${await overflow()}px sideways`);
  const box = await page.getByTestId("dialog-share").boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("an open page follows an access change live: the outsider's sidebar loses a closed category and gets it back, without a reload", async () => {
  const { context, page, consoleErrors } = await signedIn("viewer");
  await page.goto("/documents");
  const admin = await signedIn("admin");
  const categories = (await (await admin.context.request.get("/api/categories")).json()) as {
    id: string;
    name: string;
  }[];
  const operations = categories.find((c) => c.name === "Operations")!;
  const path = `/api/categories/${operations.id}/access`;
  const before = (await (await admin.context.request.get(path)).json()) as object;
  const tile = page.getByRole("link", { name: /Operations/ });
  await tile.first().waitFor();
  const put = async (body: object) => {
    const res = await admin.context.request.put(path, { data: body });
    assert.equal(res.status(), 200, await res.text());
  };
  await put({ everyone: "none", groups: [] });
  await page.waitForFunction(
    () => ![...document.querySelectorAll("a")].some((a) => a.textContent?.includes("Operations")),
    undefined,
    { timeout: 5000 },
  );
  await put({ ...before, categoryId: undefined });
  await tile.first().waitFor({ timeout: 5000 });
  assert.deepEqual(consoleErrors(), []);
  await admin.context.close();
  await context.close();
});
