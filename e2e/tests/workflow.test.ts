import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { seriousAxeViolations, type Viewport } from "../support/browser";
import { browserSuite, unexpectedErrors } from "../support/suite";

/**
 * The review workflow as a person sees it after a fresh start: the demo's rounds are real, every
 * count agrees with the API, the reviewer's next step is at the top of the page they land on,
 * sending a document back needs a reason, and the stage pills tick only what happened.
 */
const suite = browserSuite();

const signedIn = (username: string, viewport?: Viewport) =>
  suite.session(username, { viewport, tourCompleted: true });

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  assert.equal(res.status(), 200, `${path}: ${await res.text()}`);
  return (await res.json()) as T;
}

type Stats = { total: number; pending: number; approved: number; waitingOnYou: number };
type Item = {
  documentId: string;
  documentTitle: string;
  stage: string;
  abilities: { review: boolean; decide: boolean };
};
type Note = { id: string; kind: string; body: string; documentId: string | null; read: boolean };

const countOf = async (page: Page, status: string) =>
  (await page.request.get(`/api/documents?pageSize=1&status=${encodeURIComponent(status)}`)).headers()[
    "x-total-count"
  ];

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? "").trim();

for (const username of ["admin", "reviewer", "reviewer2", "approver", "author", "viewer"]) {
  test(`the demo's rounds are real and every count agrees with the API, as ${username}`, async () => {
    const { context, page, consoleErrors } = await signedIn(username);
    const stats = await api<Stats>(page, "/api/approvals/stats");
    const items = await api<Item[]>(page, "/api/approvals");
    assert.ok(stats.total > 0, `${username}: the demo has review rounds`);
    assert.equal(String(stats.pending), await countOf(page, "In Review"), `${username}: pending = In Review`);
    assert.equal(String(stats.approved), await countOf(page, "Approved"), `${username}: approved`);

    await page.goto("/home");
    await page.getByTestId("stat-approved-value").waitFor();
    assert.equal(await text(page, "stat-approved-value"), String(stats.approved), `${username}: Home`);

    await page.goto("/dashboard");
    await page.getByTestId("quick-stat-pending").getByText(String(stats.pending), { exact: true }).waitFor();
    assert.equal(
      await text(page, "quick-stat-waiting"),
      String(stats.waitingOnYou),
      `${username}: Dashboard`,
    );

    await page.goto("/approvals");
    await page.getByTestId("stat-approvals-pending").waitFor();
    assert.equal(await text(page, "stat-approvals-pending"), String(stats.pending));
    assert.equal(await text(page, "stat-approvals-total"), String(stats.total));
    assert.equal(await text(page, "stat-approvals-waiting"), String(stats.waitingOnYou));
    await page
      .getByTestId("text-approvals-scope")
      .getByText(/all approval rounds you can see/)
      .waitFor();
    await page.getByTestId("filter-waiting-on-me").click();
    const mine = items.filter((i) => i.abilities.review || i.abilities.decide);
    assert.equal(mine.length, stats.waitingOnYou, `${username}: list and stats agree`);
    if (mine.length === 0) await page.getByText("Nothing is waiting on you", { exact: true }).waitFor();
    for (const item of mine) await page.getByTestId(`actions-${item.documentId}`).waitFor();
    assert.equal(await page.locator('[data-testid^="approval-card-"]').count(), mine.length);
    if (["reviewer", "reviewer2", "approver"].includes(username))
      assert.ok(mine.length > 0, `${username} has something to do in the demo`);
    assert.deepEqual(unexpectedErrors(consoleErrors()), [], `${username}: console`);
    await context.close();
  });
}

test("a reviewer's notification opens the document with their action on top; Request Changes needs a reason", async () => {
  const reviewer = await signedIn("reviewer2");
  const notes = await api<Note[]>(reviewer.page, "/api/notifications");
  const waiting = (await api<Item[]>(reviewer.page, "/api/approvals")).filter((i) => i.abilities.review);
  const note = notes.find(
    (n) => !n.read && n.kind === "review_requested" && waiting.some((w) => w.documentId === n.documentId),
  );
  assert.ok(note, "an unread review request for a round waiting on reviewer2");
  const unreadBefore = (await api<{ count: number }>(reviewer.page, "/api/notifications/unread-count")).count;
  assert.equal(await text(reviewer.page, "badge-notifications"), String(unreadBefore));

  await reviewer.page.getByTestId("button-notifications").click();
  await reviewer.page.getByTestId(`notification-${note.id}`).click();
  await reviewer.page.waitForURL((url) => url.pathname === `/document/${note.documentId}`);
  const banner = reviewer.page.getByTestId("banner-review-action");
  await banner.getByText("Your review is requested").waitFor();
  // The badge counts one fewer once the notification is read.
  const badge = reviewer.page.getByTestId("badge-notifications");
  if (unreadBefore > 1) await badge.getByText(String(unreadBefore - 1), { exact: true }).waitFor();
  else await badge.waitFor({ state: "detached" });

  await banner.getByTestId("banner-request-changes").click();
  const dialog = reviewer.page.getByTestId("dialog-decision");
  await dialog.waitFor();
  const confirm = dialog.getByTestId("button-confirm-decision");
  assert.equal(await confirm.isDisabled(), true, "no reason, no request");
  await dialog.getByTestId("input-decision-reason").fill("   ");
  assert.equal(await confirm.isDisabled(), true, "blank is not a reason");
  const reason = "Section 4 still names the old supplier threshold; align it with the finance figures.";
  await dialog.getByTestId("input-decision-reason").fill(reason);
  const answer = reviewer.page.waitForResponse((res) => res.request().method() === "PATCH");
  await confirm.click();
  assert.equal((await answer).status(), 200);
  await banner.waitFor({ state: "detached" });
  // The round is over and the revision is its owner's again: the reviewer now reads what the
  // server gives them (the effective version where one was approved, else the revision).
  const after = await api<{ status: string }>(reviewer.page, `/api/documents/${note.documentId}`);
  const admin = await signedIn("admin");
  const working = await api<{ status: string }>(admin.page, `/api/documents/${note.documentId}`);
  assert.equal(working.status, "Changes Requested");
  await admin.context.close();
  await reviewer.page.getByTestId("badge-status").getByText(after.status).waitFor();
  const violations = await seriousAxeViolations(reviewer.page);
  assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
  assert.deepEqual(unexpectedErrors(reviewer.consoleErrors()), []);
  await reviewer.context.close();

  // The author hears the reason and is told what makes the document submittable again.
  const author = await signedIn("author");
  const told = (await api<Note[]>(author.page, "/api/notifications")).find(
    (n) => n.documentId === note.documentId && n.kind === "changes_requested",
  );
  assert.ok(told?.body.includes(reason), "the notification carries the reason");
  await author.page.goto(`/document/${note.documentId}`);
  const next = author.page.getByTestId("banner-next-step");
  await next.getByText(reason, { exact: false }).waitFor();
  await next
    .getByTestId("text-next-step")
    .getByText(/new version makes it submittable again/)
    .waitFor();
  // Stage pills: review was reached, approval never was.
  await author.page.getByRole("tab", { name: "Approvals" }).click();
  await author.page.getByTestId("approval-progress").waitFor();
  assert.equal(await author.page.getByTestId("stage-pill-1").getAttribute("data-reached"), "true");
  assert.equal(await author.page.getByTestId("stage-pill-2").getAttribute("data-reached"), "false");
  assert.equal(await author.page.getByTestId("stage-pill-2").locator("svg").count(), 0, "no tick");
  // Reading everything clears the badge.
  await author.page.getByTestId("badge-notifications").waitFor();
  await author.page.getByTestId("button-notifications").click();
  await author.page.getByTestId("button-mark-all-read").click();
  await author.page.getByTestId("badge-notifications").waitFor({ state: "detached" });
  const left = (await api<{ count: number }>(author.page, "/api/notifications/unread-count")).count;
  assert.equal(left, 0);
  assert.deepEqual(unexpectedErrors(author.consoleErrors()), []);
  await author.context.close();
});

test("the approver rejects from Waiting on Me only with a reason, on a phone too", async () => {
  const approver = await signedIn("approver", { width: 390, height: 844 });
  const item = (await api<Item[]>(approver.page, "/api/approvals")).find((i) => i.abilities.decide);
  assert.ok(item, "the demo leaves a decision waiting on the approver");
  await approver.page.goto("/approvals");
  // With a decision waiting, the page opens on the approver's own queue, its first action in view.
  const actions = approver.page.getByTestId(`actions-${item.documentId}`);
  await actions.waitFor();
  assert.equal(await approver.page.getByTestId("filter-waiting-on-me").getAttribute("aria-pressed"), "true");
  const reject = await actions.getByTestId(`card-${item.documentId}-reject`).boundingBox();
  // The first screen ends where the fixed footer line (32 px) begins.
  assert.ok(
    reject && reject.y + reject.height <= 812,
    `the first Reject button is on the first screen (${reject?.y})`,
  );
  await actions.getByTestId(`card-${item.documentId}-reject`).click();
  const dialog = approver.page.getByTestId("dialog-decision");
  assert.equal(await dialog.getByTestId("button-confirm-decision").isDisabled(), true);
  await dialog.getByTestId("input-decision-reason").fill("Out of date after the October policy review.");
  await dialog.getByTestId("button-confirm-decision").click();
  await approver.page.getByText("Nothing is waiting on you", { exact: true }).waitFor();
  await approver.page.getByTestId("filter-all").click();
  assert.equal(await text(approver.page, `status-approval-${item.documentId}`), "Rejected");
  assert.equal(await text(approver.page, "stat-approvals-waiting"), "0");
  const overflow = await approver.page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  assert.ok(overflow <= 0, `no horizontal scrolling (${overflow} px)`);
  assert.deepEqual(unexpectedErrors(approver.consoleErrors()), []);
  await approver.context.close();

  const author = await signedIn("author");
  const told = (await api<Note[]>(author.page, "/api/notifications")).find(
    (n) => n.documentId === item.documentId && n.kind === "rejected",
  );
  assert.ok(told?.body.includes("Out of date after the October policy review."));
  await author.context.close();
});

test("a review chosen on round 1 is refused once a new version opened round 2, and the page shows round 2", async () => {
  const author = await signedIn("author");
  const categories = await api<Array<{ id: string }>>(author.page, "/api/categories");
  const text = "# Travel policy\n\nEconomy class for flights under six hours.\n";
  const uploaded = await author.page.request.post("/api/documents/upload", {
    multipart: {
      title: "Travel policy under review",
      categoryId: categories[0]?.id ?? "",
      allowDuplicate: "true",
      file: { name: "travel.md", mimeType: "text/markdown", buffer: Buffer.from(text) },
    },
  });
  assert.equal(uploaded.status(), 201, await uploaded.text());
  const { id } = (await uploaded.json()) as { id: string };
  const submitted = await author.page.request.post(`/api/documents/${id}/submit-review`, { data: {} });
  assert.equal(submitted.status(), 201, await submitted.text());

  const reviewer = await signedIn("reviewer");
  // This reviewer's page hears no live events (a dropped connection, a proxy that buffers them):
  // otherwise it may show round 2 before the click, and rightly send it.
  await reviewer.page.route("**/api/events", (route) =>
    route.fulfill({ status: 200, contentType: "text/event-stream", body: "retry: 600000\n\n" }),
  );
  await reviewer.page.goto(`/document/${id}`);
  const banner = reviewer.page.getByTestId("banner-review-action");
  await banner.getByText("Version 1, round 1", { exact: false }).waitFor();

  // While the reviewer reads version 1, the author adds version 2: the review starts again on it.
  const v2 = await author.page.request.post(`/api/documents/${id}/versions`, {
    data: { content: `${text}\nBusiness class needs the approver's consent.\n`, expectedVersion: 1 },
  });
  assert.equal(v2.status(), 201, await v2.text());
  await author.context.close();

  await banner.getByTestId("banner-approve").click();
  const dialog = reviewer.page.getByTestId("dialog-decision");
  const answer = reviewer.page.waitForResponse((res) => res.request().method() === "PATCH");
  await dialog.getByTestId("button-confirm-decision").click();
  assert.equal((await answer).status(), 409);
  await dialog
    .getByRole("alert")
    .getByText(/round 2 \(version 2\) has started/)
    .waitFor();
  await reviewer.page.keyboard.press("Escape");
  await banner.getByText("Version 2, round 2", { exact: false }).waitFor();
  const approval = await api<{ round: number; reviewers: Array<{ username: string; status: string }> }>(
    reviewer.page,
    `/api/documents/${id}/approval`,
  );
  assert.deepEqual(
    [approval.round, approval.reviewers.find((r) => r.username === "reviewer")?.status],
    [2, "Pending"],
    "nothing was recorded on the new round",
  );
  // Having read version 2, the reviewer approves it: the page now sends round 2.
  await banner.getByTestId("banner-approve").click();
  const again = reviewer.page.waitForResponse((res) => res.request().method() === "PATCH");
  await reviewer.page.getByTestId("dialog-decision").getByTestId("button-confirm-decision").click();
  assert.equal((await again).status(), 200);
  await reviewer.page.getByText("Approval updated", { exact: true }).waitFor();
  const refused = /status of 409.*\/api\/documents\/[^/]+\/approval\)$/;
  assert.deepEqual(
    unexpectedErrors(reviewer.consoleErrors()).filter((e) => !refused.test(e)),
    [],
  );
  await reviewer.context.close();
});

test("the bell follows Waiting on Me when a round ends early: the other reviewer's request is no longer needed", async () => {
  const author = await signedIn("author");
  const users = await api<{ id: string; username: string }[]>(author.page, "/api/users");
  const idOf = (name: string) => users.find((u) => u.username === name)?.id ?? "";
  const categories = await api<{ id: string }[]>(author.page, "/api/categories");
  const text = "# Visitor Policy\n\nVisitors sign in at reception and wear a badge.";
  const upload = await author.page.request.post("/api/documents/upload", {
    multipart: {
      title: "Visitor Policy",
      categoryId: categories[0]?.id ?? "",
      allowDuplicate: "true",
      file: { name: "visitor-policy.md", mimeType: "text/markdown", buffer: Buffer.from(text) },
    },
  });
  assert.equal(upload.status(), 201, await upload.text());
  const { id } = (await upload.json()) as { id: string };
  const submit = await author.page.request.post(`/api/documents/${id}/submit-review`, {
    data: { reviewers: [idOf("reviewer"), idOf("reviewer2")], approverId: idOf("approver") },
  });
  assert.equal(submit.status(), 201, await submit.text());
  await author.context.close();

  const other = await signedIn("reviewer2");
  const counts = async () => ({
    bell: (await api<{ count: number }>(other.page, "/api/notifications/unread-count")).count,
    waiting: (await api<{ waitingOnYou: number }>(other.page, "/api/approvals/stats")).waitingOnYou,
  });
  const before = await counts();

  const reviewer = await signedIn("reviewer");
  const early = await reviewer.page.request.patch(`/api/documents/${id}/approval`, {
    data: { status: "Changes Requested", comment: "Name the badge colours", round: 1 },
  });
  assert.equal(early.status(), 200, await early.text());
  await reviewer.context.close();

  // The round no longer waits on reviewer2, and their bell lets go of it too.
  const after = await counts();
  assert.deepEqual(after, { bell: before.bell - 1, waiting: before.waiting - 1 });
  await other.page.goto("/approvals");
  const waiting = other.page.getByTestId("stat-approvals-waiting");
  await waiting.getByText(String(after.waiting), { exact: true }).waitFor();
  const badge = other.page.getByTestId("badge-notifications");
  if (after.bell === 0) await badge.waitFor({ state: "detached" });
  else await badge.getByText(String(after.bell), { exact: true }).waitFor();

  const notes = await api<Array<Note & { superseded: boolean }>>(other.page, "/api/notifications");
  const request = notes.find((n) => n.documentId === id && n.kind === "review_requested");
  assert.ok(request?.superseded, "reviewer2's request for the ended round is superseded");
  await other.page.getByTestId("button-notifications").click();
  await other.page.getByTestId(`text-notification-superseded-${request.id}`).waitFor();
  assert.deepEqual(unexpectedErrors(other.consoleErrors()), []);
  await other.context.close();
});
