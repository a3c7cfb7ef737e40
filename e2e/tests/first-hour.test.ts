import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { seriousAxeViolations, signIn, watchConsole } from "../support/browser";
import { browserSuite, unexpectedErrors } from "../support/suite";

/**
 * The demo's first hour, after a fresh start, as author, reviewer, approver
 * and viewer, on a desktop (1440 px) and a phone (390 px). Every count, queue and status a person
 * sees on Home, the Dashboard (Quick Stats and category tiles), the Approval Dashboard, All
 * Documents, a document and the notifications badge is compared with what the API answers that
 * same person. workflow.test.ts drives the actions; this walk checks that every screen agrees.
 */
const suite = browserSuite();

type CategoryStat = { id: string; name: string; count: number };
type ApprovalStats = { total: number; pending: number; approved: number; waitingOnYou: number };
type ApprovalItem = {
  documentId: string;
  documentTitle: string;
  abilities: { review: boolean; decide: boolean };
};
type Doc = { id: string; title: string; status: string };
type Me = { role: string; abilities: { uploadDocuments: boolean } };

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  assert.equal(res.status(), 200, `${path}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function totalOf(page: Page, query = ""): Promise<number> {
  const res = await page.request.get(`/api/documents?pageSize=1${query}`);
  return Number(res.headers()["x-total-count"]);
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? "").trim();

/** Waits until the element shows `expected` (figures load after the page), then compares. */
async function shows(page: Page, testId: string, expected: string | number, what: string): Promise<void> {
  const want = String(expected);
  await page
    .waitForFunction(
      ([id, value]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() === value,
      [testId, want] as const,
      { timeout: 30_000 },
    )
    .catch(() => undefined);
  assert.equal(await text(page, testId), want, what);
}

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const excess = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(excess <= 0, `${where}: ${excess} px of sideways scrolling`);
}

const viewports = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

for (const viewport of viewports) {
  for (const username of ["author", "reviewer", "approver", "viewer"]) {
    test(`first hour as ${username} on a ${viewport.name}: every count, queue and status agrees with the API`, async () => {
      const context = await suite.context(viewport);
      await context.addInitScript(() => localStorage.setItem("tour-completed", "true"));
      const page = await context.newPage();
      const consoleErrors = watchConsole(page);
      await page.goto("/login");
      await signIn(page, username);
      await page.waitForURL((url) => url.pathname === "/home");
      const phone = viewport.width < 768;

      // What the API tells this person.
      const me = await api<Me>(page, "/api/auth/user");
      const total = await totalOf(page);
      const approvedCount = await totalOf(page, "&status=Approved");
      const inReview = await totalOf(page, "&status=In%20Review");
      const categories = await api<CategoryStat[]>(page, "/api/categories/stats");
      const approvalStats = await api<ApprovalStats>(page, "/api/approvals/stats");
      const queue = await api<ApprovalItem[]>(page, "/api/approvals");
      const unread = (await api<{ count: number }>(page, "/api/notifications/unread-count")).count;
      const recent = await api<Doc[]>(page, "/api/documents/recent?limit=5");
      assert.ok(total > 0 && categories.length > 0, "the demo has documents and categories");
      assert.equal(approvalStats.pending, inReview, "pending reviews are the In Review documents");
      assert.equal(
        categories.reduce((sum, c) => sum + c.count, 0),
        total,
        "category counts add up to the total",
      );

      // Home.
      await shows(page, "stat-total-value", total, "Home: total documents");
      await shows(page, "stat-categories-value", categories.length, "Home: categories");
      await shows(page, "stat-approved-value", approvedCount, "Home: approved");
      await page.getByTestId(`recent-document-${recent[0]!.id}`).waitFor();
      const recentShown = await page
        .locator('[data-testid^="recent-document-"]')
        .evaluateAll((items) =>
          items.map((li) => li.getAttribute("data-testid")!.replace("recent-document-", "")),
        );
      assert.deepEqual(
        recentShown,
        recent.map((d) => d.id),
        "Home: recent documents in order",
      );
      assert.equal(
        (await page.getByTestId("button-upload").count()) > 0,
        me.abilities.uploadDocuments,
        "Upload shown exactly when allowed",
      );
      if (unread > 0) await shows(page, "badge-notifications", unread > 99 ? "99+" : unread, "badge");
      else assert.equal(await page.getByTestId("badge-notifications").count(), 0, "no badge at zero");
      await noSidewaysScroll(page, "Home");

      // Sidebar category counts (a drawer on the phone).
      if (phone) await page.getByTestId("button-menu").click();
      const sidebar = page.getByTestId("sidebar");
      for (const category of categories) {
        const entry = sidebar.getByTestId(`sidebar-category-${category.id}`);
        await entry.waitFor();
        assert.match(
          (await entry.innerText()).replace(/\s+/g, " "),
          new RegExp(`\\b${category.count}\\b`),
          `sidebar: ${category.name}`,
        );
      }
      if (phone) {
        await page.keyboard.press("Escape");
        await sidebar.waitFor({ state: "detached" });
      }

      // Dashboard: Quick Stats and category tiles.
      await page.goto("/dashboard");
      await shows(page, "quick-stat-total", total, "Dashboard: total documents");
      await shows(page, "quick-stat-pending", approvalStats.pending, "Dashboard: pending reviews");
      await shows(page, "quick-stat-waiting", approvalStats.waitingOnYou, "Dashboard: waiting on you");
      for (const category of categories) {
        const id = `tile-${category.name.toLowerCase()}-count`;
        await page.getByTestId(id).waitFor();
        assert.match(await text(page, id), new RegExp(`^${category.count}\\b`), `tile ${category.name}`);
      }
      await noSidewaysScroll(page, "Dashboard");

      // Approval Dashboard: figures, the whole list and the "waiting on me" queue.
      await page.goto("/approvals");
      await shows(page, "stat-approvals-total", approvalStats.total, "Approvals: total");
      await shows(page, "stat-approvals-pending", approvalStats.pending, "Approvals: pending");
      await shows(page, "stat-approvals-approved", approvalStats.approved, "Approvals: approved");
      await shows(page, "stat-approvals-waiting", approvalStats.waitingOnYou, "Approvals: waiting on you");
      await page.getByTestId("filter-all").click();
      assert.equal(queue.length, approvalStats.total, "the list and its figures agree");
      const shownOn = async (pageNumber: number) => {
        const expected = queue.slice((pageNumber - 1) * 10, pageNumber * 10).map((i) => i.documentId);
        await page.waitForFunction(
          (first) =>
            document.querySelector('[data-testid^="approval-card-"]')?.getAttribute("data-testid") === first,
          `approval-card-${expected[0] ?? ""}`,
        );
        const ids = await page
          .locator('[data-testid^="approval-card-"]')
          .evaluateAll((cards) =>
            cards.map((c) => c.getAttribute("data-testid")!.replace("approval-card-", "")),
          );
        assert.deepEqual(ids, expected, `Approvals: page ${pageNumber} in the API's order`);
      };
      // Ten a page, and every round on exactly one of them.
      const pages = Math.max(1, Math.ceil(queue.length / 10));
      if (queue.length > 0) {
        await shownOn(1);
        assert.match(await text(page, "text-approvals-count"), new RegExp(`\\b${queue.length} documents$`));
      }
      for (let n = 2; n <= pages; n++) {
        await page.getByTestId("pagination").getByRole("button", { name: "Next" }).click();
        await shownOn(n);
      }
      await page.getByTestId("filter-waiting-on-me").click();
      const mine = queue.filter((i) => i.abilities.review || i.abilities.decide);
      assert.equal(mine.length, approvalStats.waitingOnYou, "the queue and its count agree");
      if (mine.length === 0) await page.getByText("Nothing is waiting on you", { exact: true }).waitFor();
      for (const item of mine) await page.getByTestId(`actions-${item.documentId}`).waitFor();
      if (username === "reviewer" || username === "approver") {
        assert.ok(mine.length > 0, `${username} has something to do in the demo`);
      }
      await noSidewaysScroll(page, "Approvals");

      // All Documents: the count and the first page.
      await page.goto("/documents");
      await page.getByText(`${total} ${total === 1 ? "document" : "documents"}`, { exact: true }).waitFor();
      await page.getByTestId("documents-list").waitFor();
      assert.equal(await page.locator('[data-testid^="link-document-"]').count(), Math.min(20, total));
      await noSidewaysScroll(page, "All Documents");

      // A document from the queue (or the newest one) shows the status the API holds.
      const target = mine[0]?.documentId ?? recent[0]!.id;
      const doc = await api<Doc>(page, `/api/documents/${target}`);
      await page.goto(`/document/${target}`);
      await page.getByTestId("badge-status").getByText(doc.status, { exact: true }).waitFor();
      if (mine[0]) await page.getByTestId("banner-review-action").waitFor();
      await noSidewaysScroll(page, "Document");

      const violations = await seriousAxeViolations(page);
      assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      assert.deepEqual(unexpectedErrors(consoleErrors()), []);
      await context.close();
    });
  }
}
