import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { seriousAxeViolations, type Viewport } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

const signedIn = (username: string, viewport?: Viewport) =>
  suite.session(username, { viewport, tourCompleted: true });

async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The audit table's rows as "action | what | user" lines, once the list has settled. */
async function auditRows(page: Page): Promise<string[]> {
  const card = page.getByTestId("card-audit");
  await card.getByTestId("table-audit").or(card.getByTestId("text-audit-empty")).first().waitFor();
  const rows = card.getByTestId("row-audit");
  const lines: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const cells = await rows.nth(i).locator("td").allInnerTexts();
    // On phones each cell starts with its label on its own line; keep the value.
    const value = (n: number) => (cells[n] ?? "").replace(/^(Time|User|Action|What|Source)\n/, "").trim();
    // The What cell names the subject on its first line; the entry's details follow below it.
    lines.push(`${value(2)} | ${value(3).split("\n")[0]} | ${value(1)}`);
  }
  return lines;
}

async function applyFilters(page: Page): Promise<void> {
  const settled = page.waitForResponse((res) => res.url().includes("/api/activity?") && res.ok());
  await page.getByTestId("button-audit-apply").click();
  await settled;
  await page.waitForTimeout(50);
}

test("an Admin's changes and reads appear in Settings › Audit, filter, export as CSV and in the document's history", async () => {
  const { context, page, consoleErrors } = await signedIn("admin");
  const category = `Audited ${Date.now()}`;
  const categories = (await (await page.request.get("/api/categories")).json()) as {
    id: string;
    name: string;
  }[];
  const legal = categories.find((c) => c.name === "Legal") ?? categories[0]!;
  const changed = await page.request.patch(`/api/categories/${legal.id}`, {
    data: { description: category },
  });
  assert.equal(changed.status(), 200);

  // A role change through Settings › Users.
  await page.goto("/settings/users");
  await page.getByTestId("card-users").waitFor();
  await page
    .getByTestId("button-more-users")
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await pick(page, "select-user-role-viewer", "Author");
  await page.getByText("Role updated", { exact: true }).waitFor();

  // A document opened and edited through its page.
  const docs = (await (await page.request.get("/api/documents?pageSize=100")).json()) as {
    id: string;
    title: string;
  }[];
  const doc = docs.find((d) => d.title === "Expense Policy") ?? docs[0]!;
  await page.goto(`/document/${doc.id}`);
  await page.getByTestId("document-page").waitFor();
  await page.getByTestId("button-edit").click();
  await page.getByTestId("menu-edit-metadata").click();
  const dialog = page.getByTestId("dialog-edit-metadata");
  await dialog.getByLabel("Tags").fill("audited, finance");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await page.getByText("Metadata updated", { exact: true }).waitFor();
  // The document's own history, in the side panel, shows the view and the edit.
  const history = page.getByTestId("panel-history");
  await history.getByText("Edited details", { exact: true }).waitFor();
  await history.getByText("Viewed", { exact: true }).first().waitFor();

  await page.goto("/settings/audit");
  const card = page.getByTestId("card-audit");
  await card.getByRole("heading", { name: "Audit" }).waitFor();
  const all = await auditRows(page);
  assert.ok(all.includes("Changed role | User viewer | admin"), all.join("\n"));
  assert.ok(all.includes(`Edited category | Category ${legal.name} | admin`), all.join("\n"));
  assert.ok(all.includes(`Edited details | ${doc.title} | admin`), all.join("\n"));
  assert.ok(all.includes(`Viewed | ${doc.title} | admin`), all.join("\n"));
  await card.getByRole("link", { name: doc.title }).first().waitFor();
  assert.match((await card.getByTestId("row-audit").first().locator("td").last().innerText()).trim(), /\d|—/);

  // Filters: action text, kind, user, one document, and a date range that excludes everything.
  await card.getByTestId("input-audit-action").fill("role");
  await applyFilters(page);
  const roles = await auditRows(page);
  assert.ok(roles.length >= 1 && roles.every((r) => /role/i.test(r.split(" | ")[0]!)), roles.join("\n"));
  await card.getByTestId("button-audit-clear").click();
  await pick(page, "select-audit-kind", "Categories");
  await applyFilters(page);
  const kinds = await auditRows(page);
  assert.ok(
    kinds.length >= 1 && kinds.every((r) => r.split(" | ")[1]!.startsWith("Category")),
    kinds.join("\n"),
  );
  await card.getByTestId("button-audit-clear").click();
  await card
    .getByRole("button", { name: `Only ${doc.title}` })
    .first()
    .click();
  await card.getByTestId("text-audit-document-filter").waitFor();
  await page.waitForTimeout(300);
  const onlyDoc = await auditRows(page);
  assert.ok(onlyDoc.length >= 2 && onlyDoc.every((r) => r.split(" | ")[1] === doc.title), onlyDoc.join("\n"));
  await card.getByTestId("input-audit-to").fill("2000-01-01");
  await applyFilters(page);
  await card.getByTestId("text-audit-empty").waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);

  // Export with the role filter: the downloaded file holds exactly the filtered rows.
  await card.getByTestId("button-audit-clear").click();
  await card.getByTestId("input-audit-action").fill("Changed role");
  await applyFilters(page);
  const shown = await auditRows(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByTestId("button-audit-export").click(),
  ]);
  assert.match(download.suggestedFilename(), /^quire-activity-\d{4}-\d\d-\d\d\.csv$/);
  const lines = readFileSync(await download.path(), "utf8")
    .trim()
    .split("\n");
  assert.equal(
    lines[0],
    "time,user,ip,action,subject_type,subject_id,document,comment,details,details_named",
  );
  assert.equal(lines.length - 1, shown.length);
  assert.ok(
    lines.slice(1).every((l) => l.includes(",Changed role,user,")),
    lines.join("\n"),
  );
  assert.ok(
    lines.some((l) => l.includes('""username"":""viewer""')),
    lines.join("\n"),
  );

  // Put the role back so other tests on this server see the demo as seeded.
  const users = (await (await page.request.get("/api/users")).json()) as { id: string; username: string }[];
  const viewer = users.find((u) => u.username === "viewer")!;
  await page.request.patch(`/api/users/${viewer.id}`, { data: { role: "Viewer" } });
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("at 390 px the audit rows stack as cards without sideways scrolling", async () => {
  const { context, page, consoleErrors } = await signedIn("admin", { width: 390, height: 844 });
  await page.goto("/settings/audit");
  await page.getByTestId("card-audit").getByTestId("row-audit").first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page scrolls ${overflow}px sideways`);
  assert.equal(await page.getByTestId("table-audit").locator("thead").isVisible(), false);
  assert.deepEqual(await seriousAxeViolations(page), []);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("a non-Admin sees no Audit section and the API refuses them", async () => {
  const { context, page, consoleErrors } = await signedIn("author");
  await page.goto("/settings");
  await page.getByRole("heading", { name: "System Information" }).waitFor();
  assert.equal(await page.getByTestId("card-audit").count(), 0);
  assert.equal(await page.getByTestId("settings-nav-audit").count(), 0);
  // The section's own address explains the refusal and shows none of it.
  await page.goto("/settings/audit");
  await page
    .getByTestId("text-not-allowed")
    .getByText("Your role (Author) cannot read the audit trail.")
    .waitFor();
  assert.equal(await page.getByTestId("card-audit").count(), 0);
  assert.equal((await page.request.get("/api/activity")).status(), 403);
  assert.equal((await page.request.get("/api/activity.csv")).status(), 403);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});
