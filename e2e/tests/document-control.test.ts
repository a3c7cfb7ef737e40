import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import type { Viewport } from "../support/browser";
import { browserSuite, unexpectedErrors } from "../support/suite";

const suite = browserSuite();

const viewports: Array<[string, Viewport]> = [
  ["1280", { width: 1280, height: 900 }],
  ["390", { width: 390, height: 844 }],
];

type Listed = {
  id: string;
  title: string;
  control: {
    effectiveVersion: number | null;
    readingEffective: boolean;
    revision: { version: number } | null;
  };
};

/** A line of `text` (long enough to be telling) that `other` does not hold. */
function lineOnlyIn(text: string, other: string): string {
  const line = text
    .split("\n")
    .map((l) => l.replace(/[*_#>`|-]/g, "").trim())
    .find((l) => l.length > 25 && !other.includes(l));
  assert.ok(line, "the two versions differ in a whole line");
  return line;
}

async function noSidewaysScroll(page: Page, width: number): Promise<void> {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `the page fits ${width} px (scrolls ${scroll})`);
}

for (const [name, viewport] of viewports) {
  test(`document control at ${name} px: while version 2 is in review a Viewer reads version 1 as effective`, async () => {
    const admin = await suite.session("admin", { viewport, tourCompleted: true });
    const viewer = await suite.session("viewer", { viewport, tourCompleted: true });
    const listed = (await (await viewer.page.request.get("/api/documents?pageSize=100")).json()) as Listed[];
    const doc = listed.find((d) => d.control.readingEffective && d.control.revision);
    assert.ok(doc, "the demo archive has an approved document with a revision in review");
    const effective = doc.control.effectiveVersion!;
    const revision = doc.control.revision!.version;
    const text = async (v: number) =>
      (
        (await (await admin.page.request.get(`/api/documents/${doc.id}/versions/${v}`)).json()) as {
          content: string;
        }
      ).content;
    const [oldText, newText] = [await text(effective), await text(revision)];

    await viewer.page.goto(`/document/${doc.id}`);
    const control = viewer.page.getByTestId("document-control");
    await control.waitFor();
    assert.match(
      await control.getByTestId("text-effective").innerText(),
      new RegExp(`^Effective: version ${effective}, approved `),
    );
    assert.equal(
      (await control.getByTestId("text-in-progress").innerText()).trim(),
      `· In progress: version ${revision} (In Review)`,
    );
    await control.getByTestId("text-reading-effective").waitFor();
    await viewer.page.getByText(lineOnlyIn(oldText, newText), { exact: false }).first().waitFor();
    assert.equal(await viewer.page.getByText(lineOnlyIn(newText, oldText), { exact: false }).count(), 0);
    // Nothing in the version list past the effective version.
    await viewer.page.getByTestId("tab-versions").click();
    assert.equal(await viewer.page.getByTestId(`version-${revision}`).count(), 0);
    await noSidewaysScroll(viewer.page, viewport.width);

    // The owner's side: the Admin reads the revision, the effective version marked in its history.
    await admin.page.goto(`/document/${doc.id}`);
    await admin.page.getByTestId("document-control").waitFor();
    await admin.page.getByText(lineOnlyIn(newText, oldText), { exact: false }).first().waitFor();
    await admin.page.getByTestId("tab-versions").click();
    await admin.page.getByTestId(`text-effective-${effective}`).waitFor();

    assert.deepEqual(unexpectedErrors(viewer.consoleErrors()), [], "viewer console");
    assert.deepEqual(unexpectedErrors(admin.consoleErrors()), [], "admin console");
    await viewer.context.close();
    await admin.context.close();
  });

  test(`document control at ${name} px: the dashboard lists the review due and the lapsed one, which its owner re-confirms`, async () => {
    const admin = await suite.session("admin", { viewport, tourCompleted: true });
    await admin.page.goto("/dashboard");
    const list = admin.page.getByTestId("periodic-reviews");
    await list.waitFor();
    const items = (await list.getByRole("listitem").allInnerTexts()).join("\n");
    assert.match(items, /Information Security Policy[\s\S]*Due/);
    assert.match(items, /Business Continuity Plan[\s\S]*Lapsed/);
    await noSidewaysScroll(admin.page, viewport.width);

    if (name === "390") {
      // The lapsed document is flagged on its page; re-confirming takes it off the list.
      await list.getByRole("link", { name: /Business Continuity Plan/ }).click();
      const control = admin.page.getByTestId("document-control");
      assert.equal((await control.getByTestId("badge-review-state").innerText()).trim(), "Review lapsed");
      await control.getByTestId("button-reconfirm").click();
      const dialog = admin.page.getByTestId("dialog-reconfirm");
      await dialog.getByLabel("Note (optional)").fill("Checked against the 2026 recovery test");
      await dialog.getByTestId("button-confirm-reconfirm").click();
      await admin.page.getByText("Re-confirmed", { exact: true }).first().waitFor();
      assert.equal(await control.getByTestId("badge-review-state").count(), 0);
      await admin.page.goto("/dashboard");
      await admin.page.getByTestId("periodic-reviews").waitFor();
      const after = (await admin.page.getByTestId("periodic-reviews").innerText()).trim();
      assert.doesNotMatch(after, /Business Continuity Plan/);
    }
    assert.deepEqual(unexpectedErrors(admin.consoleErrors()), [], "console");
    await admin.context.close();
  });
}
