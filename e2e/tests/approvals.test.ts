import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { seriousAxeViolations, type Viewport } from "../support/browser";
import { browserSuite, unexpectedErrors } from "../support/suite";

const suite = browserSuite();

// These tests are about approvals: the first-visit guided tour is marked done beforehand.
const signedIn = (username: string, viewport?: Viewport) =>
  suite.session(username, { viewport, tourCompleted: true });

async function documentId(page: Page, title: string): Promise<string> {
  const docs = (await (await page.request.get("/api/documents")).json()) as { id: string; title: string }[];
  const found = docs.find((d) => d.title === title);
  assert.ok(found, `demo document '${title}' exists`);
  return found.id;
}

async function act(username: string, id: string, form: "review" | "decide", button: string, comment: string) {
  const { context, page, consoleErrors } = await signedIn(username);
  await page.goto(`/document/${id}`);
  await page.getByRole("tab", { name: "Approvals" }).click();
  const box = page.getByTestId(`form-${form}`);
  await box.getByLabel("Comment").fill(comment);
  const answer = page.waitForResponse(
    (res) => res.request().method() === "PATCH" && res.url().endsWith(`/api/documents/${id}/approval`),
  );
  await box.getByRole("button", { name: button, exact: true }).click();
  const res = await answer;
  assert.equal(res.status(), 200, `${username}: ${await res.text()}`);
  try {
    await page.getByText("Approval updated", { exact: true }).waitFor();
  } catch (error) {
    await page.screenshot({ path: `/tmp/approval-${username}.png` });
    throw error;
  }
  // The comment box clears after submission.
  if ((await box.count()) > 0) assert.equal(await box.getByLabel("Comment").inputValue(), "");
  assert.deepEqual(unexpectedErrors(consoleErrors()), [], `${username}: console`);
  await context.close();
}

const title = "Data Processing Agreement Template";

test("the full approval flow through the UI: author submits, two reviewers and the approver approve", async () => {
  // Author submits from the document page.
  const author = await signedIn("author");
  const id = await documentId(author.page, title);
  await author.page.goto(`/document/${id}`);
  await author.page.getByTestId("button-submit-review").click();
  const dialog = author.page.getByTestId("dialog-submit-review");
  for (const reviewer of ["reviewer", "reviewer2"]) {
    const box = dialog.getByTestId(`checkbox-reviewer-${reviewer}`);
    await box.waitFor();
    if ((await box.getAttribute("data-state")) !== "checked") await box.click();
  }
  await dialog.getByRole("button", { name: "Submit for Review" }).click();
  await author.page.getByText("Document submitted for review", { exact: true }).waitFor();
  assert.deepEqual(unexpectedErrors(author.consoleErrors()), []);

  // The author's Approval Dashboard shows it In Progress.
  await author.page.goto("/approvals");
  const card = author.page.getByTestId(`approval-card-${id}`);
  await card.waitFor();
  assert.equal(await author.page.getByTestId(`status-approval-${id}`).textContent(), "In Progress");
  assert.equal(await author.page.getByTestId(`text-stage-${id}`).textContent(), "Awaiting Review");
  await author.context.close();

  await act("reviewer", id, "review", "Approve", "Looks right to me");
  await act("reviewer2", id, "review", "Approve", "Fine");
  await act("approver", id, "decide", "Approve", "Approved for use");

  const approver = await signedIn("approver");
  // The approver's own queue comes first; this round is no longer in it.
  await approver.page.goto("/approvals?filter=all");
  await approver.page.getByRole("heading", { name: "Approval Dashboard" }).waitFor();
  await approver.page.getByText("Monitor and manage document approval workflows").waitFor();
  const done = approver.page.getByTestId(`approval-card-${id}`);
  await done.waitFor();
  assert.equal(await approver.page.getByTestId(`status-approval-${id}`).textContent(), "Approved");
  assert.equal(await approver.page.getByTestId(`text-stage-${id}`).textContent(), "Approved");
  await done.getByText("Approved for use").waitFor();
  await done.getByText("Looks right to me").waitFor();
  await done.getByText("Final Approved").waitFor();
  assert.equal(await done.getByRole("progressbar").getAttribute("aria-valuenow"), "100");

  // Stat cards agree with the server's figures.
  const stats = (await (await approver.page.request.get("/api/approvals/stats")).json()) as {
    total: number;
    approved: number;
  };
  assert.equal(await approver.page.getByTestId("stat-approvals-total").textContent(), String(stats.total));
  assert.equal(
    await approver.page.getByTestId("stat-approval-rate").textContent(),
    `${stats.total ? Math.round((stats.approved / stats.total) * 100) : 0}%`,
  );

  // Filters: it is among Approved, not among Rejected.
  await approver.page.getByTestId("filter-approved").click();
  await done.waitFor();
  await approver.page.getByTestId("filter-rejected").click();
  await done.waitFor({ state: "detached" });
  await approver.page.getByTestId("filter-all").click();
  await done.getByRole("link", { name: "View Document" }).click();
  await approver.page.waitForURL((url) => url.pathname === `/document/${id}`);
  assert.deepEqual(unexpectedErrors(approver.consoleErrors()), []);
  await approver.context.close();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`the Approval Dashboard renders at ${viewport.width} px with the chart and passes axe`, async () => {
    const { context, page, consoleErrors } = await signedIn("admin", viewport);
    await page.goto("/approvals");
    await page.getByTestId("approvals-page").waitFor();
    // On a phone the figures other than "Waiting on You" open on request.
    if (viewport.width < 640) {
      assert.equal(await page.getByText("Total Documents", { exact: true }).isVisible(), false);
      await page.getByTestId("button-approval-figures").click();
    }
    for (const label of ["Total Documents", "Pending Review", "Approved", "Approval Rate"]) {
      await page.getByText(label, { exact: true }).first().waitFor();
    }
    await page.locator('[data-testid^="approval-card-"]').first().waitFor();
    await page.getByRole("img", { name: /Approval activity per day/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("main *")]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className.toString().slice(0, 60)} ${e.textContent?.slice(0, 40)}`),
    );
    assert.ok(overflow <= 0, `no horizontal scrolling (${overflow} px): ${wide.join(" | ")}`);
    const violations = await seriousAxeViolations(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    assert.deepEqual(unexpectedErrors(consoleErrors()), []);
    await context.close();
  });
}

test("on a 390 px phone the Approval Dashboard shows one bounded page and moves between pages", async () => {
  const { context, page, consoleErrors } = await signedIn("admin", { width: 390, height: 844 });
  const items = (await (await page.request.get("/api/approvals")).json()) as { documentId: string }[];
  const stats = (await (await page.request.get("/api/approvals/stats")).json()) as { total: number };
  assert.equal(items.length, stats.total, "the list and its figures agree");
  assert.ok(items.length > 10, `the demo has more than a page of rounds (${items.length})`);
  await page.goto("/approvals");
  const cards = page.locator('[data-testid^="approval-card-"]');
  await cards.first().waitFor();
  assert.equal(await cards.count(), 10);
  assert.equal(
    await page.getByTestId("text-approvals-count").innerText(),
    `Showing 1–10 of ${items.length} documents`,
  );
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  // Ten cards, the figures and the chart: about 4,900 px with the demo data (every round was 10,000).
  assert.ok(height < 6000, `one page is bounded (${height} px)`);
  const pager = page.getByTestId("pagination");
  await pager.getByRole("button", { name: "Next" }).click();
  await page.waitForURL((url) => url.searchParams.get("page") === "2");
  const second = page.getByTestId(`approval-card-${items[10]!.documentId}`);
  await second.waitFor();
  // The new page opens at its top, not at the pager below its last card.
  const top = await page.getByTestId("filter-all").boundingBox();
  assert.ok(top && top.y >= 0 && top.y < 844, `the filters are in view (${top?.y})`);
  await pager.getByRole("button", { name: "Previous" }).click();
  await page.getByTestId(`approval-card-${items[0]!.documentId}`).waitFor();
  assert.deepEqual(unexpectedErrors(consoleErrors()), []);
  await context.close();
});

test("a Viewer sees no approvals when none are visible, and the empty state", async () => {
  const { context, page, consoleErrors } = await signedIn("viewer");
  await page.goto("/approvals");
  await page.getByTestId("approvals-page").waitFor();
  const items = (await (await page.request.get("/api/approvals")).json()) as unknown[];
  await page.getByTestId("filter-rejected").click();
  if (items.length === 0) await page.getByText("No approvals found", { exact: true }).waitFor();
  assert.deepEqual(unexpectedErrors(consoleErrors()), []);
  await context.close();
});
