import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { seriousAxeViolations } from "../support/browser";
import { repoRoot } from "../support/server";
import { browserSuite } from "../support/suite";

/**
 * Reading long documents: links that land on the passage, the
 * outline, the folded comparison with change navigation and its phone layout, the editor with a
 * preview and a sticky save bar, and buttons that say what they show or download.
 */
const suite = browserSuite();

/** 404s the page expects: AI endpoints and approvals a document may not have. */
const expected404 =
  /status of 404.*\/api\/documents\/[^/]+\/(approval|summary|improvements|diff\/\d+\/\d+\/analysis)\)$/;
const unexpected = (errors: string[]) => errors.filter((e) => !expected404.test(e));

const DESK = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const MARKER = "The quarterly zebrafish calibration threshold is forty-two units per tank.";

const VOCABULARY =
  "policy review owner record retention access control budget supplier contract audit evidence incident response training schedule archive approval version register risk".split(
    " ",
  );

/** A long markdown handbook: twelve sections of three paragraphs; the marker sits in section 10. */
function longMarkdown(changes: { section: number; text: string }[] = []): string {
  const lines = ["# Reading Handbook", ""];
  for (let s = 1; s <= 12; s++) {
    lines.push(`## ${s}. Section number ${s}`, "");
    for (let p = 0; p < 3; p++) {
      const words = Array.from(
        { length: 70 },
        (_, i) => VOCABULARY[(s * 7 + p * 3 + i * 5) % VOCABULARY.length],
      );
      lines.push(`Paragraph ${p + 1} of section ${s}: ${words.join(" ")}.`, "");
    }
    if (s === 10) lines.push(MARKER, "");
    for (const change of changes.filter((c) => c.section === s)) lines.push(change.text, "");
  }
  return lines.join("\n");
}

const signedIn = (viewport = DESK) => suite.session("author", { viewport });

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer, title: string) {
  const categories = (await (await page.request.get("/api/categories")).json()) as { id: string }[];
  const res = await page.request.post("/api/documents/upload", {
    multipart: {
      title,
      categoryId: categories[0]?.id ?? "",
      allowDuplicate: "true",
      file: { name, mimeType, buffer },
    },
  });
  assert.equal(res.status(), 201, await res.text());
  const { id } = (await res.json()) as { id: string };
  for (let i = 0; i < 120; i++) {
    const doc = (await (await page.request.get(`/api/documents/${id}`)).json()) as {
      processing: { state: string };
    };
    if (doc.processing.state !== "processing") return id;
    await page.waitForTimeout(500);
  }
  throw new Error("processing did not end");
}

let handbookId: string | null = null;
/** The handbook, uploaded once and indexed (search finds its marker). */
async function handbook(page: Page): Promise<string> {
  if (handbookId) return handbookId;
  const id = await upload(
    page,
    "reading-handbook.md",
    "text/markdown",
    Buffer.from(longMarkdown()),
    "Reading Handbook",
  );
  for (let i = 0; i < 60; i++) {
    const res = await page.request.get(`/api/search?q=${encodeURIComponent("zebrafish calibration")}`);
    const results = (await res.json()) as { document: { id: string } }[];
    if (results.some((r) => r.document.id === id)) break;
    await page.waitForTimeout(500);
  }
  handbookId = id;
  return id;
}

async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return box !== null && box.y >= 0 && box.y < height;
}

/** Smooth scrolling takes its time on a busy machine: asks again for up to 5 s. */
async function comesIntoView(page: Page, locator: Locator): Promise<boolean> {
  for (let i = 0; i < 25; i++) {
    if (await inViewport(page, locator)) return true;
    await page.waitForTimeout(200);
  }
  return false;
}

/** The highlighted passage holds the marker, is on screen, and the page was scrolled to it. */
async function assertLandedOnMarker(page: Page, id: string) {
  await page.waitForURL((url) => url.pathname === `/document/${id}` && /^#passage-\d+$/.test(url.hash));
  const highlighted = page.getByTestId("document-content").locator("[data-highlighted]");
  await highlighted.filter({ hasText: "zebrafish" }).first().waitFor();
  // Let the summary and banners above the text settle; the page keeps the passage in view.
  await page.waitForTimeout(1200);
  // The passage (a whole section here) starts on screen, below the top bar.
  const start = await highlighted.first().boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  assert.ok(start && start.y >= 56 && start.y < height / 2, `the passage starts on screen (${start?.y})`);
  const text = (await highlighted.allTextContents()).join(" ");
  assert.ok(text.includes(MARKER), "the highlighted passage holds the cited sentence");
  assert.ok(!text.includes("section 9:"), "and nothing of the section before");
  assert.ok((await page.evaluate(() => window.scrollY)) > 400, "the page scrolled down to it");
  const anchor = new URL(page.url()).hash.slice(1);
  assert.equal(await page.locator(`[id="${anchor}"]`).count(), 1, "the anchor exists once");
}

test("a search result opens the document at its passage, highlighted", async () => {
  const { context, page, consoleErrors } = await signedIn();
  const id = await handbook(page);
  await page.goto("/search");
  await page.getByTestId("input-search").fill("zebrafish calibration");
  await page.getByTestId("button-submit-search").click();
  const card = page.getByTestId(`result-${id}`);
  await card.waitFor();
  assert.equal(
    (await card.getByTestId("text-result-section").textContent())?.trim(),
    "§ 10. Section number 10",
  );
  await card.getByTestId("link-result-title").click();
  await assertLandedOnMarker(page, id);
  const violations = await seriousAxeViolations(page);
  assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
  assert.deepEqual(unexpected(consoleErrors()), []);
  await context.close();
});

test("an assistant citation opens the cited passage, highlighted", async () => {
  const { context, page, consoleErrors } = await signedIn();
  const id = await handbook(page);
  await page.goto("/dashboard");
  await page.getByTestId("input-ai-question").fill("What is the quarterly zebrafish calibration threshold?");
  await page.getByTestId("button-ask-ai").click();
  await page.getByTestId("ai-answer").waitFor({ timeout: 20_000 });
  const citation = page.getByTestId("ai-answer").locator(`a[href^="/document/${id}#passage-"]`).first();
  await citation.waitFor();
  await citation.click();
  await assertLandedOnMarker(page, id);
  assert.deepEqual(unexpected(consoleErrors()), []);
  await context.close();
});

test("a declined answer links the closest passage, which opens highlighted", async () => {
  const { context, page, consoleErrors } = await signedIn();
  await page.goto("/dashboard");
  await page
    .getByTestId("input-ai-question")
    .fill("What is the parking policy for visitors' bicycles at the Tokyo office?");
  await page.getByTestId("button-ask-ai").click();
  const answer = page.getByTestId("ai-answer");
  await answer.waitFor({ timeout: 20_000 });
  assert.match((await page.getByTestId("text-ai-answer").textContent()) ?? "", /could not find an answer/);
  assert.equal(
    await answer.locator('[data-testid^="link-citation-"]').count(),
    0,
    "nothing is cited as an answer",
  );
  const closest = page.getByTestId("link-closest-passage");
  const href = (await closest.getAttribute("href")) ?? "";
  const [, id] = /^\/document\/([^#]+)#passage-\d+$/.exec(href) ?? [];
  assert.ok(id, `the closest passage is linked with its anchor (${href})`);
  await closest.click();
  await page.waitForURL((url) => url.pathname === `/document/${id}` && /^#passage-\d+$/.test(url.hash));
  await page.getByTestId("document-content").locator("[data-highlighted]").first().waitFor();
  assert.deepEqual(unexpected(consoleErrors()), []);
  await context.close();
});

test("a long document has an outline beside it, and a Contents disclosure on a phone", async () => {
  const { context, page, consoleErrors } = await signedIn();
  const id = await handbook(page);
  await page.goto(`/document/${id}`);
  const outline = page.getByTestId("document-outline");
  await outline.waitFor();
  assert.equal(await outline.getByRole("link").count(), 13, "the title and twelve sections");
  await outline.getByRole("link", { name: "10. Section number 10" }).click();
  await page.waitForURL((url) => url.hash === "#section-10-section-number-10");
  const heading = page
    .getByTestId("document-content")
    .getByRole("heading", { name: "10. Section number 10" });
  assert.ok(await comesIntoView(page, heading), "the section's heading is on screen");
  const violations = await seriousAxeViolations(page);
  assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
  await context.close();

  const phone = await signedIn(PHONE);
  await phone.page.goto(`/document/${id}`);
  const compact = phone.page.getByTestId("document-outline-compact");
  await compact.waitFor();
  assert.equal(await phone.page.getByTestId("document-outline").isVisible(), false);
  await compact.getByText("Contents (13 sections)").click();
  await compact.getByRole("link", { name: "12. Section number 12" }).click();
  await phone.page.waitForURL((url) => url.hash === "#section-12-section-number-12");
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px too wide)`);
  assert.deepEqual(unexpected([...consoleErrors(), ...phone.consoleErrors()]), []);
  await phone.context.close();
});

async function comparedHandbook(page: Page): Promise<string> {
  const id = await upload(
    page,
    "compare.md",
    "text/markdown",
    Buffer.from(longMarkdown()),
    "Comparison Handbook",
  );
  const res = await page.request.post(`/api/documents/${id}/versions`, {
    data: {
      content: longMarkdown([
        { section: 2, text: "A new rule in section two: suppliers sign the code of conduct." },
        { section: 11, text: "A new rule in section eleven: audits happen every quarter." },
      ]),
      changeNote: "Two new rules",
      expectedVersion: 1,
    },
  });
  assert.equal(res.status(), 201, await res.text());
  return id;
}

test("the comparison folds unchanged runs, steps through changes, and stacks on a phone", async () => {
  const { context, page, consoleErrors } = await signedIn();
  const id = await comparedHandbook(page);
  await page.goto(`/document/${id}/diff/1/2`);
  const table = page.getByTestId("diff-side-by-side");
  await table.locator('tr[data-kind="added"]').first().waitFor();
  const folds = page.getByTestId("button-show-unchanged");
  assert.ok((await folds.count()) >= 2, "unchanged runs before, between and after the changes fold");
  assert.match((await folds.first().textContent()) ?? "", /^Show \d+ unchanged lines$/);
  const rowsBefore = await table.locator("tr[data-kind]").count();
  const unchanged = Number(await page.getByTestId("stat-lines-unchanged").textContent());
  assert.ok(rowsBefore < unchanged / 2, `only context rows are shown (${rowsBefore} of ${unchanged})`);

  assert.equal(await page.getByTestId("text-change-position").textContent(), "2 changes");
  await page.getByTestId("button-next-change").click();
  assert.equal(await page.getByTestId("text-change-position").textContent(), "Change 1 of 2");
  assert.ok(await comesIntoView(page, page.locator("#change-1")), "the first change is on screen");
  await page.getByTestId("button-next-change").click();
  assert.equal(await page.getByTestId("text-change-position").textContent(), "Change 2 of 2");
  const second = page.locator('[id^="change-"]').filter({ hasText: "section eleven" }).first();
  assert.ok(await comesIntoView(page, second), "the second change is on screen");
  assert.equal(await page.getByTestId("button-next-change").isDisabled(), true);
  await page.getByTestId("button-previous-change").click();
  assert.equal(await page.getByTestId("text-change-position").textContent(), "Change 1 of 2");

  await folds.first().click();
  assert.ok((await table.locator("tr[data-kind]").count()) > rowsBefore, "the fold opened");

  // A link to a changed row (#change-N) opens the page at that row.
  const anchor = await second.getAttribute("id");
  assert.match(anchor ?? "", /^change-\d+$/);
  await page.goto("/home");
  await page.goto(`/document/${id}/diff/1/2#${anchor}`);
  await page.locator(`[id="${anchor}"]`).waitFor();
  assert.ok(await comesIntoView(page, page.locator(`[id="${anchor}"]`)), "the linked change is on screen");
  assert.deepEqual(unexpected(consoleErrors()), []);
  await context.close();

  const phone = await signedIn(PHONE);
  await phone.page.goto(`/document/${id}/diff/1/2`);
  const region = phone.page.getByTestId("diff-side-by-side");
  await region.locator('[data-kind="added"]').first().waitFor();
  assert.equal(await region.getAttribute("data-layout"), "stacked");
  assert.equal(await region.locator("table").count(), 0, "no table to clip on a phone");
  const clipped = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
  assert.ok(clipped <= 0, `the comparison fits its box (${clipped}px hidden)`);
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px too wide)`);
  await phone.page.getByTestId("button-next-change").click();
  assert.ok(await comesIntoView(phone.page, phone.page.locator("#change-1")));
  assert.ok((await phone.page.getByTestId("button-show-unchanged").count()) >= 2);
  const violations = await seriousAxeViolations(phone.page);
  assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
  assert.deepEqual(unexpected(phone.consoleErrors()), []);
  await phone.context.close();
});

test("the editor keeps a fixed height, previews the markdown and saves from a sticky bar", async () => {
  for (const viewport of [DESK, PHONE]) {
    const { context, page, consoleErrors } = await signedIn(viewport);
    const id = await upload(
      page,
      "editor.md",
      "text/markdown",
      Buffer.from(longMarkdown().repeat(3)),
      `Editor Handbook ${viewport.width}`,
    );
    await page.goto(`/document/${id}`);
    await page.getByTestId("document-content").waitFor();
    await page.getByTestId("button-edit").click();
    await page.getByTestId("menu-edit-content").click();
    const editor = page.getByTestId("textarea-content");
    await editor.waitFor();
    const size = await editor.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
    assert.ok(
      size.client <= viewport.height * 0.7,
      `the text area is at most 70% of the screen (${size.client}px)`,
    );
    assert.ok(size.scroll > size.client * 5, "the long text scrolls inside the text area");
    // The editor's own column stays short; the side panel (summary, history) is measured apart.
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    const side = await page.getByTestId("side-panel").evaluate((el) => el.getBoundingClientRect().height);
    assert.ok(
      pageHeight - side < viewport.height * 4,
      `the page stays short (${pageHeight}px, side panel ${side}px)`,
    );

    // The change note and Save are on screen without scrolling past the text.
    const bar = page.getByTestId("edit-bar");
    const box = await bar.boundingBox();
    assert.ok(
      box && box.y >= 0 && box.y + box.height <= viewport.height,
      `the save bar is on screen at ${viewport.width} px (${JSON.stringify(box)})`,
    );
    assert.ok(await page.getByTestId("input-change-note").isVisible());

    await editor.fill(`## Preview heading check\n\nSome **bold** words.\n\n${longMarkdown()}`);
    await page.getByTestId("tab-edit-preview").click();
    const preview = page.getByTestId("edit-preview");
    await preview.getByRole("heading", { name: "Preview heading check" }).waitFor();
    assert.equal(await preview.locator("strong").first().textContent(), "bold");
    await page.getByTestId("tab-edit-write").click();
    assert.match(await editor.inputValue(), /^## Preview heading check/);

    await page.getByTestId("input-change-note").fill("Preview heading added");
    await page.getByTestId("button-save-version").click();
    await page
      .getByTestId("document-content")
      .getByRole("heading", { name: "Preview heading check" })
      .waitFor();
    await page.getByRole("tab", { name: "Versions (2)" }).waitFor();
    assert.deepEqual(unexpected(consoleErrors()), []);
    await context.close();
  }
});

test("buttons say what they download, and View Original shows the original PDF", async () => {
  const { context, page, consoleErrors } = await signedIn();
  const docs = (await (await page.request.get("/api/documents")).json()) as { id: string; title: string }[];
  const expense = docs.find((d) => d.title === "Expense Policy");
  assert.ok(expense);
  await page.goto(`/document/${expense.id}`);
  assert.equal((await page.getByTestId("button-download").textContent())?.trim(), "Download (.txt)");
  assert.equal(
    (await page.getByTestId("button-download-original").textContent())?.trim(),
    "Download original (Markdown)",
  );

  const pdf = readFileSync(join(repoRoot, "apps/server/test-fixtures/users-and-groups.pdf"));
  const id = await upload(page, "users-and-groups.pdf", "application/pdf", pdf, "Users and groups guide");
  await page.goto(`/document/${id}`);
  await page.getByTestId("document-content").waitFor({ timeout: 30_000 });
  assert.equal(
    (await page.getByTestId("button-download-original").textContent())?.trim(),
    "Download original (PDF)",
  );
  await page.getByTestId("button-view-original").click();
  await page.waitForURL((url) => url.pathname === `/document/${id}/raw`);
  await page.getByRole("heading", { name: "Users and groups guide (Original Format)" }).waitFor();
  await page.getByTestId("pdf-page").first().waitFor({ timeout: 20_000 });
  assert.match(
    (await page.getByTestId("text-original-file").textContent()) ?? "",
    /users-and-groups\.pdf · PDF/,
  );
  assert.equal(
    (await page.getByTestId("button-raw-download-original").textContent())?.trim(),
    "Download original (PDF)",
  );
  const [original] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("button-raw-download-original").click(),
  ]);
  assert.ok(readFileSync(await original.path()).equals(pdf), "the original's exact bytes");

  await page.goto(`/doc/${id}`);
  assert.equal(
    (await page.getByTestId("button-clean-download").textContent())?.trim(),
    "Download original (PDF)",
  );

  // A Word original cannot be drawn by a browser: the raw page says so and shows its text.
  const docx = readFileSync(join(repoRoot, "apps/server/test-fixtures/base-passwd.docx"));
  const docxId = await upload(
    page,
    "base-passwd.docx",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    docx,
    "Base passwd notes",
  );
  await page.goto(`/document/${docxId}`);
  await page.getByTestId("document-content").waitFor({ timeout: 30_000 });
  assert.equal(
    (await page.getByTestId("button-download-original").textContent())?.trim(),
    "Download original (DOCX)",
  );
  await page.getByTestId("button-view-original").click();
  await page
    .getByTestId("text-original-not-viewable")
    .getByText(/DOCX file \(base-passwd\.docx\)/)
    .waitFor();
  assert.ok(((await page.getByTestId("text-raw-content").textContent()) ?? "").length > 100);
  assert.deepEqual(unexpected(consoleErrors()), []);
  await context.close();
});

test("on a phone the clean reading view of a document with code blocks stays on screen", async () => {
  const { context, page, consoleErrors } = await signedIn(PHONE);
  const docs = (await (await page.request.get("/api/documents")).json()) as { id: string; title: string }[];
  // The API reference holds request and response blocks wider than a phone.
  const api = docs.find((d) => d.title.startsWith("Platform API Reference"));
  assert.ok(api);
  await page.goto(`/doc/${api.id}`);
  await page.getByTestId("clean-content").waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scroll (overflow ${overflow}px)`);
  assert.deepEqual(unexpected(consoleErrors()), []);
  await context.close();
});

test("on a phone the editor's Preview of wide tables and code stays on screen, and Cancel gives the focus back to Edit", async () => {
  const { context, page, consoleErrors } = await signedIn(PHONE);
  const docs = (await (await page.request.get("/api/documents")).json()) as { id: string; title: string }[];
  const api = docs.find((d) => d.title.startsWith("Platform API Reference"));
  assert.ok(api);
  await page.goto(`/document/${api.id}`);
  await page.getByTestId("document-content").waitFor();
  await page.getByTestId("button-edit").click();
  await page.getByTestId("menu-edit-content").click();
  await page.getByTestId("textarea-content").waitFor();
  await page.getByTestId("tab-edit-preview").click();
  await page.getByTestId("edit-preview").getByRole("heading").first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scroll in Preview (overflow ${overflow}px)`);
  await page.getByTestId("edit-bar").getByRole("button", { name: "Cancel" }).click();
  await page.getByTestId("form-edit-content").waitFor({ state: "detached" });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-testid")), "button-edit");
  assert.deepEqual(unexpected(consoleErrors()), []);
  await context.close();
});
