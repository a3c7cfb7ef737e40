import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { overflow, type Viewport } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

const sizes: Array<[string, Viewport]> = [
  ["1280", { width: 1280, height: 900 }],
  ["390", { width: 390, height: 844 }],
];

type Doc = { id: string; title: string; category: { name: string }; autoFiled?: boolean };

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  assert.equal(res.status(), 200, path);
  return (await res.json()) as T;
}

async function pick(page: Page, trigger: ReturnType<Page["getByTestId"]>, name: string): Promise<void> {
  await trigger.click();
  await page.getByRole("option", { name, exact: true }).click();
}

async function fits(page: Page, width: number): Promise<void> {
  const { excess, widest } = await overflow(page);
  assert.ok(excess <= 0, `the page scrolls sideways by ${excess} px at ${width} px (${widest})`);
}

const markdown = (name: string, text: string) => ({
  name,
  mimeType: "text/markdown",
  buffer: Buffer.from(text, "utf8"),
});

async function uploadPage(viewport: Viewport) {
  return suite.session("author", { viewport, tourCompleted: true, path: "/upload" });
}

for (const [size, viewport] of sizes) {
  test(`three files with three categories each land in their own category (${size} px)`, async () => {
    const { context, page, consoleErrors } = await uploadPage(viewport);
    const stamp = `${size}-${Date.now()}`;
    await page
      .getByTestId("input-file")
      .setInputFiles([
        markdown(`wiring-${stamp}.md`, `# Wiring guide ${stamp}\n\nCable trays and switch panels.\n`),
        markdown(`budget-${stamp}.md`, `# Budget memo ${stamp}\n\nQuarterly spending by cost centre.\n`),
        markdown(`shifts-${stamp}.md`, `# Shift rota ${stamp}\n\nWho covers the night desk.\n`),
      ]);
    await page.getByTestId("chosen-file").nth(2).waitFor();
    const categories = ["Engineering", "Finance", "Operations"];
    for (const [i, name] of categories.entries())
      await pick(page, page.getByTestId("select-file-category").nth(i), name);
    await page.getByTestId("input-file-title").nth(0).fill(`Wiring guide, typed ${stamp}`);
    await fits(page, viewport.width);
    assert.equal(await page.getByTestId("button-submit-upload").innerText(), "Upload 3 Documents");
    await page.getByTestId("button-submit-upload").click();

    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="upload-result"]')]
          .map((r) => r.getAttribute("data-state"))
          .join() === "done,done,done",
      undefined,
      { timeout: 60_000 },
    );
    // Each row says where its document went, then follows its processing until it ends.
    for (const [i, name] of categories.entries()) {
      const row = page.getByTestId("upload-result").nth(i);
      assert.equal(await row.getByTestId("text-filed-in").innerText(), `Filed in ${name}.`);
      await row.getByTestId("text-processed").waitFor({ timeout: 60_000 });
    }
    const docs = await api<Doc[]>(page, "/api/documents?pageSize=500");
    const mine = (title: string) => docs.find((d) => d.title === title);
    assert.equal(mine(`Wiring guide, typed ${stamp}`)?.category.name, "Engineering");
    assert.equal(mine(`Budget memo ${stamp}`)?.category.name, "Finance");
    assert.equal(mine(`Shift rota ${stamp}`)?.category.name, "Operations");
    assert.ok(
      [`Wiring guide, typed ${stamp}`, `Budget memo ${stamp}`, `Shift rota ${stamp}`].every(
        (t) => mine(t)?.autoFiled === false,
      ),
    );
    // What went in left the form.
    assert.equal(await page.getByTestId("chosen-file").count(), 0);
    await fits(page, viewport.width);
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });

  test(`an .exe is refused at selection; the other files keep their fields (${size} px)`, async () => {
    const { context, page, consoleErrors } = await uploadPage(viewport);
    const stamp = `${size}-${Date.now()}`;
    await page
      .getByTestId("input-file")
      .setInputFiles([
        markdown(`first-${stamp}.md`, `# First ${stamp}\n\nOne.\n`),
        markdown(`second-${stamp}.md`, `# Second ${stamp}\n\nTwo.\n`),
      ]);
    await page.getByTestId("chosen-file").nth(1).waitFor();
    await page.getByTestId("input-file-title").nth(0).fill(`Kept title ${stamp}`);
    await pick(page, page.getByTestId("select-file-category").nth(1), "Legal");
    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/documents/upload")) uploads.push(r.url());
    });

    await page.getByTestId("input-file").setInputFiles({
      name: "setup.exe",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("MZ\x90\x00 a program"),
    });
    const refused = page.getByTestId("refused-file");
    await refused.waitFor();
    assert.match(await refused.innerText(), /setup\.exe is not a type Quire accepts .*: it is not sent\./);
    assert.equal(uploads.length, 0, "the refused file is not sent, not even for analysis");
    assert.equal(await page.getByTestId("chosen-file").count(), 2);
    assert.equal(await page.getByTestId("input-file-title").nth(0).inputValue(), `Kept title ${stamp}`);
    assert.equal(await page.getByTestId("select-file-category").nth(1).innerText(), "Legal");
    assert.equal(await page.getByTestId("button-submit-upload").innerText(), "Upload 2 Documents");
    await fits(page, viewport.width);

    await page.getByTestId("button-submit-upload").click();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="upload-result"]')]
          .map((r) => r.getAttribute("data-state"))
          .join() === "done,done",
      undefined,
      { timeout: 60_000 },
    );
    assert.equal(uploads.filter((u) => u.endsWith("/api/documents/upload")).length, 2);
    const docs = await api<Doc[]>(page, "/api/documents?pageSize=500");
    assert.ok(docs.some((d) => d.title === `Kept title ${stamp}`));
    assert.equal(docs.find((d) => d.title === `Second ${stamp}`)?.category.name, "Legal");
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });

  test(`a file with no category is filed automatically, then confirmed from the banner (${size} px)`, async () => {
    const { context, page, consoleErrors } = await uploadPage(viewport);
    const stamp = `${size}-${Date.now()}`;
    await page
      .getByTestId("input-file")
      .setInputFiles(
        markdown(`memo-${stamp}.md`, `# Loose memo ${stamp}\n\nA few words of no fixed subject.\n`),
      );
    await page.getByTestId("text-auto-file-note").waitFor();
    // The disabled-or-not question has its answer in words: here it is enabled, with no reason.
    assert.ok(await page.getByTestId("button-submit-upload").isEnabled());
    await page.getByTestId("text-analysing").waitFor({ state: "detached", timeout: 30_000 });
    const chosen = await page.getByTestId("select-category").innerText();
    if (chosen !== "Let Quire file it")
      await pick(page, page.getByTestId("select-category"), "No category: let Quire file it");
    await page.getByTestId("button-submit-upload").click();
    await page.waitForURL((url) => /^\/document\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
    const id = decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");

    const filed = await api<Doc>(page, `/api/documents/${encodeURIComponent(id)}`);
    assert.equal(filed.autoFiled, true);
    const banner = page.getByTestId("banner-auto-filed");
    await banner.waitFor();
    assert.match(
      await banner.getByTestId("text-auto-filed").innerText(),
      new RegExp(`^Filed automatically in ${filed.category.name}`),
    );
    const awaiting = await api<Doc[]>(page, "/api/documents?autoFiled=awaiting&pageSize=500");
    assert.ok(
      awaiting.some((d) => d.id === id),
      "listed as awaiting confirmation",
    );
    await fits(page, viewport.width);

    await banner.getByTestId("button-confirm-filing").click();
    await banner.waitFor({ state: "detached" });
    await page.getByText("Category confirmed", { exact: true }).first().waitFor();
    const confirmed = await api<Doc>(page, `/api/documents/${encodeURIComponent(id)}`);
    assert.equal(confirmed.autoFiled, false);
    assert.equal(confirmed.category.name, filed.category.name);
    const after = await api<Doc[]>(page, "/api/documents?autoFiled=awaiting&pageSize=500");
    assert.ok(!after.some((d) => d.id === id), "no longer awaiting");
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}
