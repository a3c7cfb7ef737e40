import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import type { Viewport } from "../support/browser";
import { browserSuite, unexpectedErrors } from "../support/suite";

const suite = browserSuite();

const runs: Array<[string, Viewport, number]> = [
  ["1280", { width: 1280, height: 900 }, 0],
  ["390", { width: 390, height: 844 }, 1],
];

type Listed = Array<{ id: string; title: string; currentVersionNumber: number }>;
type Note = {
  id: string;
  kind: string;
  title: string;
  link: string;
  documentId: string | null;
  read: boolean;
};

async function noSidewaysScroll(page: Page, width: number): Promise<void> {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `the page fits ${width} px (scrolls ${scroll})`);
}

async function api<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  assert.equal(res.status(), 200, `${url}: ${res.status()}`);
  return (await res.json()) as T;
}

for (const [name, viewport, pick] of runs) {
  test(`comments at ${name} px: an @mention picked from the suggestions notifies, and the bell opens the comment`, async () => {
    const author = await suite.session("author", { viewport, tourCompleted: true });
    const viewer = await suite.session("viewer", { viewport, tourCompleted: true });
    // A document both read at the same version (a draft revision would be the author's alone):
    // each size comments on its own.
    const theirs = new Map(
      (await api<Listed>(viewer.page, "/api/documents?pageSize=100")).map((d) => [
        d.id,
        d.currentVersionNumber,
      ]),
    );
    const shared = (await api<Listed>(author.page, "/api/documents?pageSize=100")).filter(
      (d) => theirs.get(d.id) === d.currentVersionNumber,
    );
    const doc = shared[pick];
    assert.ok(doc, "a document the author and the viewer both read");

    // The author writes a comment, picking the viewer from the suggestions.
    await author.page.goto(`/document/${doc.id}`);
    await author.page.getByTestId("tab-comments").click();
    const panel = author.page.getByTestId("panel-comments");
    await panel.waitFor();
    const box = panel.getByTestId("input-comment");
    await box.click();
    await box.pressSequentially(`Is section 2 still right at ${name} px? @vie`);
    await panel.getByTestId("option-mention-viewer").click();
    assert.equal(await box.inputValue(), `Is section 2 still right at ${name} px? @viewer `);
    await noSidewaysScroll(author.page, viewport.width);
    await panel.getByTestId("button-comment").click();
    // The text box holds the same words until it empties: look for them in a posted comment.
    await panel
      .getByTestId("text-comment-body")
      .filter({ hasText: `Is section 2 still right at ${name} px? @viewer` })
      .waitFor();
    await author.page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="input-comment"]') as HTMLTextAreaElement | null)?.value === "",
    );
    await noSidewaysScroll(author.page, viewport.width);

    // The viewer's bell shows it; choosing it opens the document's comments at the comment.
    const notes = await api<Note[]>(viewer.page, "/api/notifications");
    const note = notes.find((n) => n.kind === "mentioned" && n.documentId === doc.id && !n.read);
    assert.ok(note, "the viewer is told of the mention");
    assert.equal(note.title, "Mentioned in a comment");
    const unread = (await api<{ count: number }>(viewer.page, "/api/notifications/unread-count")).count;
    await viewer.page.goto("/home");
    const badge = viewer.page.getByTestId("badge-notifications");
    await badge.getByText(unread > 99 ? "99+" : String(unread), { exact: true }).waitFor();
    await viewer.page.getByTestId("button-notifications").click();
    const item = viewer.page.getByTestId(`notification-${note.id}`);
    await item.getByText("Mentioned in a comment").waitFor();
    await item.click();
    await viewer.page.waitForURL(
      (url) => url.pathname === `/document/${doc.id}` && url.searchParams.get("tab") === "comments",
    );
    const commentId = note.link.split("#comment-")[1];
    assert.ok(commentId, `the link names the comment: ${note.link}`);
    const shown = viewer.page.getByTestId(`comment-${commentId}`);
    await shown.waitFor();
    assert.equal(
      (await shown.getByTestId("text-comment-body").innerText()).trim(),
      `Is section 2 still right at ${name} px? @viewer`,
    );
    assert.equal(await viewer.page.getByTestId("tab-comments").getAttribute("data-state"), "active");
    await viewer.page.waitForFunction((id) => {
      const box = document.getElementById(`comment-${id}`)?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.top < window.innerHeight;
    }, commentId);
    await noSidewaysScroll(viewer.page, viewport.width);

    // The viewer replies; the author sees it after reloading, and resolves the thread.
    const thread = viewer.page.getByTestId(`thread-${commentId}`);
    await thread.getByTestId(`button-reply-${commentId}`).click();
    await thread.getByTestId("input-reply").fill("Yes, checked against the log.");
    await thread.getByTestId("button-reply").click();
    await thread
      .getByTestId("text-comment-body")
      .filter({ hasText: "Yes, checked against the log." })
      .waitFor();

    await author.page.reload();
    await author.page.getByTestId("tab-comments").click();
    const own = author.page.getByTestId(`thread-${commentId}`);
    await own.getByText("Yes, checked against the log.", { exact: true }).waitFor();
    await own.getByTestId(`button-resolve-${commentId}`).click();
    await own.getByTestId("text-thread-resolved").waitFor();
    await noSidewaysScroll(author.page, viewport.width);

    // Text selected in the document is commented on as a quoted passage. Back at the top first: on
    // a phone the sticky header would cover the tabs scrolled up under it.
    await author.page.evaluate(() => window.scrollTo(0, 0));
    await author.page.getByTestId("tab-content").click();
    const quote = await author.page.evaluate(() => {
      const paragraph = Array.from(document.querySelectorAll('[data-testid="document-content"] p')).find(
        (p) => (p.textContent ?? "").trim().length > 20,
      );
      if (!paragraph) return null;
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      const selection = getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return selection.toString().replace(/\s+/g, " ").trim();
    });
    assert.ok(quote, "the document has a paragraph to select");
    await author.page.getByTestId("button-comment-on-selection").click();
    const composer = author.page.getByTestId("comment-composer");
    await composer.getByTestId("text-pending-quote").waitFor();
    await composer.getByTestId("input-comment").fill(`About this passage (${name} px).`);
    await composer.getByTestId("button-comment").click();
    const anchored = author.page
      .getByTestId("text-thread-anchor")
      .filter({ hasText: quote.slice(0, 40) })
      .first();
    await anchored.waitFor();
    assert.equal(await composer.getByTestId("text-pending-quote").count(), 0);
    await noSidewaysScroll(author.page, viewport.width);

    assert.deepEqual(unexpectedErrors(author.consoleErrors()), [], "author console");
    assert.deepEqual(unexpectedErrors(viewer.consoleErrors()), [], "viewer console");
    await author.context.close();
    await viewer.context.close();
  });
}
