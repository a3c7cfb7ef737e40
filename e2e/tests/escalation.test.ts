import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { overflow, type Viewport } from "../support/browser";
import { browserSuite } from "../support/suite";

/**
 * An overdue stage escalates, on a clock moved forward in the running server (CLOCK_SHIFT, which
 * start-up accepts only with NODE_ENV=test). The demo's three-stage round waits on reviewer2 at its
 * second stage, due five days after it opened; ten days later the deadline schedule fires by the
 * moved clock, the Admins are told, and the round shows the stage as overdue, on a phone too.
 */
const suite = browserSuite({ NODE_ENV: "test", CLOCK_SHIFT: "true" });
const desktop: Viewport = { width: 1280, height: 900 };
const phone: Viewport = { width: 390, height: 844 };
const DOCUMENT = "Parental Leave Procedure";

type Note = { id: string; kind: string; title: string; body: string; documentId: string | null };
type Listed = { id: string; title: string };

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  assert.equal(res.status(), 200, `${path}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function documentId(page: Page): Promise<string> {
  const found = await api<Listed[]>(page, "/api/documents?pageSize=500");
  const doc = found.find((d) => d.title === DOCUMENT);
  assert.ok(doc, `the demo seeds "${DOCUMENT}"`);
  return doc.id;
}

async function openStages(page: Page, id: string): Promise<void> {
  await page.goto(`/document/${id}`);
  await page.getByTestId("tab-approvals").click();
  await page.getByTestId("approval-stages").waitFor();
}

test("an overdue stage is escalated to the Admins on the moved clock, at 1280 and 390 px", async () => {
  const before = await suite.session("admin", { viewport: desktop });
  const id = await documentId(before.page);
  await openStages(before.page, id);
  const legal = before.page.getByTestId("stage-2");
  assert.match((await legal.textContent()) ?? "", /Legal review.*Open/s);
  assert.equal(await before.page.getByTestId("stage-2-overdue").count(), 0, "not overdue yet");

  // Ten days on: every stage's five days have passed. A state-changing call names this site.
  const moved = await before.page.request.post("/api/system/clock", {
    data: { hours: 240 },
    headers: { origin: suite.server.baseUrl },
  });
  assert.equal(moved.status(), 200, await moved.text());
  await before.context.close();

  // Sessions age with the clock: the Admin signs in again, and is told within the schedule's beat.
  const admin = await suite.session("admin", { viewport: desktop });
  let escalated: Note | undefined;
  for (let i = 0; i < 60 && !escalated; i += 1) {
    escalated = (await api<Note[]>(admin.page, "/api/notifications")).find(
      (n) => n.kind === "review_overdue" && n.documentId === id,
    );
    if (!escalated) await admin.page.waitForTimeout(1_000);
  }
  assert.ok(escalated, "the Admin is told the stage is overdue");
  assert.match(
    escalated.body,
    /Legal review of "Parental Leave Procedure" was due on .* still waits on reviewer2/,
  );

  // The bell opens the document, whose round shows the stage overdue and escalated.
  await admin.page.reload();
  await admin.page.getByTestId("button-notifications").click();
  await admin.page.getByTestId(`notification-${escalated.id}`).click();
  await admin.page.waitForURL((url) => url.pathname === `/document/${id}`);
  await admin.page.getByTestId("tab-approvals").click();
  await admin.page.getByTestId("stage-2-overdue").waitFor();
  assert.match((await admin.page.getByTestId("stage-2").textContent()) ?? "", /escalated to the Admins/);
  assert.equal(await admin.page.getByTestId("stage-1-overdue").count(), 0, "a passed stage is not overdue");
  assert.deepEqual(admin.consoleErrors(), []);
  await admin.context.close();

  // On a phone the same round shows the overdue stage, without sideways scroll.
  const onPhone = await suite.session("admin", { viewport: phone });
  await openStages(onPhone.page, id);
  await onPhone.page.getByTestId("stage-2-overdue").waitFor();
  const { excess, widest } = await overflow(onPhone.page);
  assert.ok(excess <= 0, `the round fits 390 px (${widest})`);
  assert.deepEqual(onPhone.consoleErrors(), []);
  await onPhone.context.close();
});
