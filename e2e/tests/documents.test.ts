import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { seriousAxeViolations, type Session, type Viewport } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

type DocumentsSession = Session & { dialogs: string[] };

async function signedIn(username: string, path: string, viewport?: Viewport): Promise<DocumentsSession> {
  const session = await suite.session(username, { viewport, path });
  const dialogs: string[] = [];
  session.page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { ...session, dialogs };
}

async function cardTitles(page: Page): Promise<string[]> {
  await page.getByTestId("documents-list").waitFor();
  return page.locator('[data-testid^="link-document-"]').allInnerTexts();
}

async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("All Documents lists real documents, filters by status and sorts by title", async () => {
  const { context, page, consoleErrors } = await signedIn("admin", "/documents");
  await page.getByRole("heading", { name: "All Documents" }).waitFor();
  const first = await cardTitles(page);
  assert.ok(first.length > 5, "the demo archive is listed");
  // 29 demo documents, 20 per page.
  await page.getByTestId("pagination").waitFor();
  assert.match(await page.getByTestId("pagination").innerText(), /Page 1 of 2/);
  assert.deepEqual(await seriousAxeViolations(page), []);

  await pick(page, "select-status", "Draft");
  await page.waitForURL((url) => url.searchParams.get("status") === "Draft");
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid^="status-document-"]')].every(
      (b) => b.textContent === "Draft",
    ),
  );
  const drafts = await page.locator('[data-testid^="status-document-"]').allInnerTexts();
  assert.ok(drafts.length > 0 && drafts.every((s) => s === "Draft"), drafts.join());

  await pick(page, "select-status", "All Statuses");
  await pick(page, "select-sort", "Title");
  await page.waitForURL((url) => url.searchParams.get("sort") === "title");
  await page.waitForFunction(() => {
    const titles = [...document.querySelectorAll('[data-testid^="link-document-"]')].map(
      (a) => a.textContent ?? "",
    );
    return titles.length > 1 && titles.every((t, i) => i === 0 || titles[i - 1]!.localeCompare(t) <= 0);
  });
  const sorted = await cardTitles(page);
  assert.deepEqual(
    sorted,
    [...sorted].sort((a, b) => a.localeCompare(b)),
  );

  await page.getByTestId("pagination").getByRole("button", { name: "Next" }).click();
  await page.waitForURL((url) => url.searchParams.get("page") === "2");
  await page.getByText("Page 2 of 2").waitFor();
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a filter that matches nothing shows the seed's empty state", async () => {
  const { context, page, consoleErrors } = await signedIn("admin", "/documents");
  const categories = (await (await context.request.get("/api/categories")).json()) as {
    id: string;
    name: string;
  }[];
  const legal = categories.find((c) => c.name === "Legal");
  assert.ok(legal);
  await page.goto(`/category/${legal.id}?status=Rejected`);
  await page.getByRole("heading", { name: "Legal Documents" }).waitFor();
  await page.getByText("No documents match the selected status filter.").waitFor();
  assert.ok(await page.getByText("No documents found", { exact: true }).isVisible());

  await page.goto(`/documents?category=${legal.id}&status=Rejected`);
  await page.getByText("No documents match your current filters.").waitFor();
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a category page lists its documents with a count, a back link and axe passes", async () => {
  const { context, page, consoleErrors } = await signedIn("author", "/documents");
  await page
    .getByTestId("sidebar-categories")
    .getByRole("link", { name: /Finance/ })
    .click();
  await page.getByRole("heading", { name: "Finance Documents" }).waitFor();
  await page.getByTestId("documents-list").waitFor();
  assert.match(await page.getByTestId("text-category-count").innerText(), /^\d+ documents? found$/);
  assert.deepEqual(await seriousAxeViolations(page), []);
  await page.getByTestId("link-back-documents").click();
  await page.waitForURL((url) => url.pathname === "/documents");
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("Edit Metadata saves title, category and tags; markup in them shows as text", async () => {
  const { context, page, consoleErrors, dialogs } = await signedIn("author", "/documents?status=Draft");
  const card = page.locator('[data-testid^="card-document-"]', { hasText: "Code Review Guidelines" });
  await card.getByRole("button", { name: "Actions for Code Review Guidelines" }).click();
  await page.getByTestId("menu-edit-metadata").click();
  const dialog = page.getByTestId("dialog-edit-metadata");
  await dialog.getByRole("heading", { name: "Edit Metadata" }).waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);

  const title = `<img src=x onerror=alert("title")> Code Review`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Tags").fill(`engineering, <script>alert("tag")</script>, reviews`);
  await dialog.getByTestId("select-metadata-category").click();
  await page.getByRole("option", { name: "Operations", exact: true }).click();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.getByText("Metadata updated", { exact: true }).waitFor();

  const updated = page.locator('[data-testid^="card-document-"]', { hasText: "Code Review" });
  await updated.getByRole("link", { name: title, exact: true }).waitFor();
  await updated.getByText(`<script>alert("tag")</script>`, { exact: true }).waitFor();
  assert.ok(await updated.getByText("Operations", { exact: true }).isVisible());
  assert.equal(await page.locator("img[src=x]").count(), 0);
  assert.deepEqual(dialogs, []);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("Submit for Review chooses reviewers and an approver and moves the Draft to In Review", async () => {
  const { context, page, consoleErrors } = await signedIn("author", "/documents?status=Draft");
  const card = page.locator('[data-testid^="card-document-"]', { hasText: "Vendor Management Procedure" });
  await card.getByRole("button", { name: "Actions for Vendor Management Procedure" }).click();
  await page.getByTestId("menu-submit-review").click();
  const dialog = page.getByTestId("dialog-submit-review");
  await dialog.getByText("Reviewers", { exact: true }).waitFor();
  await dialog.getByTestId("checkbox-reviewer-reviewer").waitFor();
  assert.equal(await dialog.getByTestId("checkbox-reviewer-reviewer").getAttribute("data-state"), "checked");
  // Only reviewer2 reviews this one.
  await dialog.getByTestId("checkbox-reviewer-reviewer").click();
  assert.match(await dialog.getByTestId("select-approver").innerText(), /approver/);
  await dialog.getByRole("button", { name: "Submit for Review" }).click();
  await page.getByText("Document submitted for review", { exact: true }).waitFor();
  await page
    .getByText("Reviewers have been notified and can now provide feedback.", { exact: true })
    .waitFor();
  await dialog.waitFor({ state: "detached" });
  // The Draft filter no longer lists it.
  await card.waitFor({ state: "detached" });

  const id = (
    (await (await context.request.get("/api/documents?status=In%20Review")).json()) as {
      id: string;
      title: string;
    }[]
  ).find((d) => d.title === "Vendor Management Procedure")?.id;
  assert.ok(id, "the document is In Review");
  const approval = (await (await context.request.get(`/api/documents/${id}/approval`)).json()) as {
    reviewers: { id: string }[];
  };
  assert.equal(approval.reviewers.length, 1);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("Archive asks first, then the document leaves the list", async () => {
  const { context, page, consoleErrors } = await signedIn("author", "/documents?sort=title");
  const card = page.locator('[data-testid^="card-document-"]', { hasText: "Brand Guidelines" });
  await card.getByRole("button", { name: "Actions for Brand Guidelines" }).click();
  await page.getByTestId("menu-archive").click();
  const dialog = page.getByTestId("dialog-archive");
  await dialog.getByRole("heading", { name: "Archive document?" }).waitFor();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
  assert.ok(await card.isVisible(), "cancel keeps it");

  await card.getByRole("button", { name: "Actions for Brand Guidelines" }).click();
  await page.getByTestId("menu-archive").click();
  await page.getByTestId("button-confirm-archive").click();
  await page.getByText("Document archived", { exact: true }).waitFor();
  await card.waitFor({ state: "detached" });
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a Viewer gets no document menus; a Reviewer none on documents they do not own", async () => {
  for (const username of ["viewer", "reviewer"]) {
    const { context, page, consoleErrors } = await signedIn(username, "/documents");
    await page.getByTestId("documents-list").waitFor();
    assert.equal(await page.locator('[data-testid^="button-document-menu-"]').count(), 0, username);
    assert.ok((await page.locator('[data-testid^="button-view-"]').count()) > 0);
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  }
});

test("at 375 px the list fits the screen and the menu and dialog work", async () => {
  const { context, page, consoleErrors } = await signedIn("author", "/documents", {
    width: 375,
    height: 740,
  });
  await page.getByTestId("documents-list").waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scroll (overflow ${overflow}px)`);
  // The further filters fold behind one button, so the first document is on the first screen.
  const first = await page.locator('[data-testid^="link-document-"]').first().boundingBox();
  assert.ok(first && first.y + first.height <= 740, `the first document is in view (at ${first?.y} px)`);
  await page.getByTestId("button-toggle-filters").click();
  await page.getByTestId("input-filter-tag").waitFor();
  await page.locator('[data-testid^="button-document-menu-"]').first().click();
  await page.getByTestId("menu-edit-metadata").click();
  await page.getByTestId("dialog-edit-metadata").waitFor();
  const box = await page.getByTestId("dialog-edit-metadata").boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 375, "the dialog fits");
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByTestId("dialog-edit-metadata").waitFor({ state: "detached" });
  assert.deepEqual(await seriousAxeViolations(page), []);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

type ApiDoc = {
  id: string;
  title: string;
  owner: string;
  tags: string[];
  updatedAt: string;
  categoryId: string;
};

test("All Documents filters by tag, owner, category and date, keeps them in the URL and saves views on the server", async () => {
  const { context, page, consoleErrors } = await signedIn("admin", "/documents");
  const all = (await (await page.request.get("/api/documents?pageSize=500")).json()) as ApiDoc[];
  const tagged = all.find((d) => d.tags.length > 0)!;
  const tag = tagged.tags[0]!;
  const idsShown = async () =>
    (
      await page
        .locator('[data-testid^="link-document-"]')
        .evaluateAll((links) =>
          links.map((a) => a.getAttribute("data-testid")!.replace("link-document-", "")),
        )
    ).sort();
  const waitForIds = async (expected: string[]) => {
    await page.waitForFunction(
      (want) => {
        const got = [...document.querySelectorAll('[data-testid^="link-document-"]')]
          .map((a) => a.getAttribute("data-testid")!.replace("link-document-", ""))
          .sort();
        return JSON.stringify(got) === JSON.stringify(want);
      },
      [...expected].sort(),
    );
  };

  await page.getByTestId("input-filter-tag").fill(tag);
  await page.getByTestId("input-filter-tag").press("Enter");
  await page.waitForURL((url) => url.searchParams.get("tag") === tag);
  const withTag = all.filter((d) => d.tags.includes(tag)).map((d) => d.id);
  await waitForIds(withTag.slice(0, 20));

  await page.getByTestId("input-filter-owner").fill(tagged.owner);
  await page.getByTestId("button-apply-filters").click();
  await page.waitForURL((url) => url.searchParams.get("owner") === tagged.owner);
  const withOwner = all.filter((d) => d.tags.includes(tag) && d.owner === tagged.owner).map((d) => d.id);
  await waitForIds(withOwner.slice(0, 20));

  const day = tagged.updatedAt.slice(0, 10);
  await page.getByTestId("input-filter-from").fill(day);
  await page.getByTestId("input-filter-to").fill(day);
  await page.waitForURL((url) => url.searchParams.get("updatedTo") === day);
  const sameDay = all
    .filter((d) => d.tags.includes(tag) && d.owner === tagged.owner && d.updatedAt.startsWith(day))
    .map((d) => d.id);
  await waitForIds(sameDay);
  assert.ok((await idsShown()).includes(tagged.id));

  // Save the view, clear everything, and the saved view brings the filters back.
  await page.getByTestId("input-view-name").fill("My tagged day");
  await page.getByTestId("button-save-view").click();
  await page.getByTestId("button-clear-filters").click();
  await page.waitForURL((url) => !url.searchParams.has("tag"));
  await page.getByTestId("saved-view-My tagged day").click();
  await page.waitForURL(
    (url) => url.searchParams.get("tag") === tag && url.searchParams.get("updatedFrom") === day,
  );
  await waitForIds(sameDay);
  assert.equal(await page.getByTestId("input-filter-tag").inputValue(), tag);

  // Back walks through the filter history.
  await page.goBack();
  await page.waitForURL((url) => !url.searchParams.has("tag"));

  // Category from the same form; the saved view survives a reload.
  await page.getByTestId("select-category-filter").click();
  const categoryOption = page.getByRole("option").nth(1);
  const categoryName = (await categoryOption.innerText()).trim();
  await categoryOption.click();
  await page.waitForURL((url) => url.searchParams.has("category"));
  const categoryId = new URL(page.url()).searchParams.get("category")!;
  await page
    .getByText(new RegExp(`documents? in ${categoryName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`))
    .waitFor();
  const inCategory = all.filter((d) => d.categoryId === categoryId).map((d) => d.id);
  await waitForIds(inCategory.slice(0, 20));
  await page.reload();
  await page.getByTestId("saved-view-My tagged day").waitFor();
  // Kept on the server for this user: it follows them to another browser.
  const views = (await (await page.request.get("/api/auth/views")).json()) as {
    name: string;
    query: string;
  }[];
  const saved = views.find((v) => v.name === "My tagged day");
  assert.ok(saved, "the view is saved on the server");
  assert.equal(new URLSearchParams(saved.query).get("tag"), tag);
  assert.deepEqual(await seriousAxeViolations(page), []);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});
