import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { seriousAxeViolations, signIn, watchConsole } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

async function dashboard(
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page; consoleErrors: () => string[] }> {
  const context = await suite.context(viewport);
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  await page.goto("/login?next=/dashboard");
  await signIn(page, "admin");
  await page.waitForURL((url) => url.pathname === "/dashboard");
  await page.getByTestId("dashboard").waitFor();
  return { context, page, consoleErrors };
}

test("dashboard: tiles from category stats, real quick stats, a preset question answered with a citation link", async () => {
  const { context, page, consoleErrors } = await dashboard();
  const stats = (await (await context.request.get("/api/categories/stats")).json()) as {
    id: string;
    name: string;
    count: number;
  }[];
  for (const category of stats) {
    const tile = page.getByTestId(`tile-${category.name.toLowerCase()}`);
    await tile.waitFor();
    assert.equal(await tile.getAttribute("href"), `/category/${category.id}`);
  }
  const total = (await context.request.get("/api/documents?pageSize=1")).headers()["x-total-count"];
  await page.getByTestId("quick-stat-total").getByText(String(total), { exact: true }).waitFor();
  const approvals = (await (await context.request.get("/api/approvals/stats")).json()) as { pending: number };
  assert.equal(await page.getByTestId("quick-stat-pending").textContent(), String(approvals.pending));
  const docStats = (await (await context.request.get("/api/documents/stats")).json()) as {
    total: number;
    versions: number;
    storageBytes: number;
  };
  assert.equal(docStats.total, Number(total));
  assert.equal(await page.getByTestId("quick-stat-versions").textContent(), String(docStats.versions));
  assert.match(
    (await page.getByTestId("quick-stat-storage").textContent()) ?? "",
    /^\d+(\.\d)? (B|KB|MB|GB)$/,
  );
  assert.ok(docStats.storageBytes > 0);

  const ask = page.getByTestId("button-ask-ai");
  assert.equal(await ask.isDisabled(), true, "empty question: ask disabled");
  await page.getByTestId("input-ai-question").fill("   ");
  assert.equal(await ask.isDisabled(), true, "blank question: ask disabled");

  await page.getByTestId("button-quick-question-0").click();
  await page.getByTestId("ai-answer").waitFor({ timeout: 30_000 });
  const badge = await page.getByTestId("badge-ai-confidence").textContent();
  assert.match(badge ?? "", /^(High|Medium|Low) confidence$/);
  const citation = page.locator('[data-testid^="link-citation-"]').first();
  await citation.waitFor();
  assert.match((await citation.getAttribute("href")) ?? "", /^\/document\/[^/]+$/);

  const violations = await seriousAxeViolations(page);
  assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

type Suggestion = { id: string; canApply: boolean; documentIds: string[]; type: string };

/**
 * A policy whose stated review date passed years ago, uploaded by the signed-in user (its owner):
 * the archive then owes a suggestion to ask its owner to review it. Its body is a real licence text.
 */
async function uploadLapsedPolicy(request: APIRequestContext): Promise<string> {
  const licence = readFileSync("/usr/share/common-licenses/Apache-2.0", "utf8").split("\n").slice(0, 60);
  const text = ["# Licence Compliance Policy", "", "**Review date:** 2021-03-31", "", ...licence].join("\n");
  const categories = (await (await request.get("/api/categories")).json()) as { id: string }[];
  const res = await request.post("/api/documents/upload", {
    multipart: {
      title: "Licence Compliance Policy",
      categoryId: categories[0]?.id ?? "",
      allowDuplicate: "true",
      file: { name: "licence-compliance-policy.md", mimeType: "text/markdown", buffer: Buffer.from(text) },
    },
  });
  assert.equal(res.status(), 201, await res.text());
  return ((await res.json()) as { id: string }).id;
}

/** The suggestion about `documentId`, once its processing has stored the facts it derives from. */
async function suggestionAbout(request: APIRequestContext, documentId: string): Promise<Suggestion> {
  for (let i = 0; i < 120; i++) {
    const doc = (await (await request.get(`/api/documents/${documentId}`)).json()) as {
      processing: { state: string };
    };
    if (doc.processing.state !== "processing") break;
    await new Promise((r) => setTimeout(r, 500));
  }
  for (let i = 0; i < 20; i++) {
    // The first read after an upload retrains the category model: slow on a loaded machine.
    const res = await request.get("/api/ai/suggestions", { timeout: 120_000 });
    const list = (await res.json()) as Suggestion[];
    const found = list.find((s) => s.type === "update" && s.documentIds.includes(documentId));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("no suggestion appeared for the policy past its review date");
}

test("dashboard: applying a suggestion toasts, refreshes the list and does what it said", async () => {
  const { context, page, consoleErrors } = await dashboard();
  const documentId = await uploadLapsedPolicy(context.request);
  const target = await suggestionAbout(context.request, documentId);
  assert.equal(target.canApply, true, "the Admin who owns the policy may apply it");
  await page.reload();
  const card = page.getByTestId(`suggestion-${target.id}`);
  await card.waitFor();

  const refreshed = page.waitForResponse(
    (res) => res.url().endsWith("/api/ai/suggestions") && res.request().method() === "GET",
  );
  await page.getByTestId(`button-apply-${target.id}`).click();
  await page.getByText("Suggestion applied", { exact: true }).waitFor();
  await refreshed;
  await card.waitFor({ state: "detached" });
  // Applied means done: the owner was asked to review, and the suggestion does not come back.
  const inbox = (await (await context.request.get("/api/notifications")).json()) as {
    title: string;
    documentId: string | null;
  }[];
  assert.ok(
    inbox.some((n) => n.documentId === documentId && n.title === "Review due: Licence Compliance Policy"),
    JSON.stringify(inbox),
  );
  const after = (await (await context.request.get("/api/ai/suggestions")).json()) as Suggestion[];
  assert.equal(
    after.some((s) => s.id === target.id),
    false,
  );
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("dashboard at 375 px renders without console errors", async () => {
  const { context, page, consoleErrors } = await dashboard({ width: 375, height: 800 });
  await page.getByTestId("ai-assistant").waitFor();
  await page.getByTestId("quick-stats").waitFor();
  await page.locator('[data-testid^="tile-"]').first().waitFor();
  await page.locator('[data-testid^="recent-update-"]').first().waitFor();
  const violations = await seriousAxeViolations(page);
  assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("dashboard at 390 px: an answer quoting a long token stays on screen, and the pressed quick question keeps the focus", async () => {
  const { context, page, consoleErrors } = await dashboard({ width: 390, height: 844 });
  // The API reference's answer quotes a bearer token and a URL, neither with a space to wrap at.
  const preset = page.getByTestId("button-quick-question-2");
  await preset.focus();
  await page.keyboard.press("Enter");
  await page.getByTestId("ai-answer").waitFor({ timeout: 30_000 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.equal(overflow, 0, "no horizontal scrolling after the answer");
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute("data-testid")),
    "button-quick-question-2",
  );
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});
