import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

const PEOPLE = 60;
const GROUPS = 25;
/** Long names, as single sign-on makes them from e-mail addresses. */
const person = (n: number) => `firstname.lastname-${String(n).padStart(2, "0")}.northwind-analytics`;

// An organisation past its pilot: 60 more people and 25 groups, made through the API as an Admin's
// script would; once, by the first test (the suite's server starts in its own before hook).
let seeded: Promise<void> | undefined;
const seed = () => (seeded ??= seedPeople());

async function seedPeople(): Promise<void> {
  const { context, page } = await suite.session("admin", { tourCompleted: true });
  const ids: string[] = [];
  for (let n = 1; n <= PEOPLE; n += 1) {
    const made = await page.request.post("/api/users", { data: { username: person(n), role: "Reviewer" } });
    assert.equal(made.status(), 201);
    ids.push(((await made.json()) as { id: string }).id);
  }
  for (let g = 1; g <= GROUPS; g += 1) {
    const made = await page.request.post("/api/groups", {
      data: { name: `Project team ${String(g).padStart(2, "0")}`, memberIds: ids.slice(0, g * 2) },
    });
    assert.equal(made.status(), 201);
  }
  await context.close();
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px Settings' Users and Groups stay a page high and on screen with ${PEOPLE} more people`, async () => {
    await seed();
    const { context, page, consoleErrors } = await suite.session("admin", { viewport, tourCompleted: true });
    await page.goto("/settings/users");
    const users = page.getByTestId("card-users");
    const all = (await (await page.request.get("/api/users")).json()) as unknown[];
    // GET /api/users stays the plain array of the seed; the paging is the page's own.
    assert.ok(Array.isArray(all) && all.length >= PEOPLE + 6);
    await users.getByText(`${all.length} users`, { exact: true }).waitFor();
    await users.getByTestId("button-more-users").click();
    await users.getByText(`Showing 1–10 of ${all.length} users`, { exact: true }).waitFor();
    assert.equal(await users.locator('[data-testid^="user-row-"]').count(), 10);
    assert.equal(await overflow(page), 0, "no horizontal scrolling with long usernames");

    await users.getByRole("button", { name: "Next" }).click();
    await users.getByText(`Showing 11–20 of ${all.length} users`, { exact: true }).waitFor();
    await users.getByLabel("Filter users by name or role").fill("lastname-42");
    await users.getByTestId(`user-row-${person(42)}`).waitFor();
    assert.equal(await users.locator('[data-testid^="user-row-"]').count(), 1);
    // The filtered row still changes a role: the list is a view, not a copy. (Each width picks
    // another role, since the first test's change stays.)
    await page.getByTestId(`select-user-role-${person(42)}`).click();
    const role = viewport.width < 768 ? "Approver" : "Author";
    await page.getByRole("option", { name: role, exact: true }).click();
    await page.getByText("Role updated", { exact: true }).waitFor();

    const groups = page.getByTestId("card-groups");
    await groups.getByText(/^Showing 1–10 of \d+ groups$/).waitFor();
    assert.equal(await groups.locator('[data-testid^="group-row-"]').count(), 10);
    await groups.getByLabel("Filter groups by name or member").fill(person(49));
    // Team g holds the first 2g people, so person 49 is in team 25 only.
    await groups.getByTestId("group-row-Project team 25").waitFor();
    assert.equal(await groups.locator('[data-testid^="group-row-"]').count(), 1);
    assert.match(
      (await groups.getByTestId("group-row-Project team 25").textContent()) ?? "",
      /and \d+ more/,
      "a large group's row names a few members and counts the rest",
    );
    assert.equal(await overflow(page), 0);
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}
