import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  decodePDFRawStream,
} from "pdf-lib";
import type { Page } from "playwright-core";
import type { Viewport } from "../support/browser";
import { repoRoot } from "../support/server";
import { browserSuite, unexpectedErrors } from "../support/suite";

/**
 * Document control from end to end in the browser: an Admin builds a three-stage approval template
 * in Settings (the API's objection shows beside the field), an author submits a document in that
 * category stage by stage, three people act in turn (the first signing with the password entered
 * again), the approval record's PDF names every signer, meaning, time and the version's hash and
 * `quire verify` accepts it and refuses it after one byte changes; while version 2 is in review a
 * Viewer reads version 1 as effective. The settings screens fit a 390 px phone.
 */
const suite = browserSuite();
const run = promisify(execFile);
const desktop: Viewport = { width: 1280, height: 900 };
const phone: Viewport = { width: 390, height: 844 };

async function ok(res: { status(): number; text(): Promise<string> }, status = 200) {
  assert.equal(res.status(), status, await res.text());
}

async function noSidewaysScroll(page: Page, width: number, where: string): Promise<void> {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `${where} fits ${width} px (scrolls ${scroll})`);
}

async function choose(page: Page, trigger: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(trigger).click();
  await page.getByRole("option", { name: option }).click();
}

async function tick(page: Page, testId: string, on: boolean): Promise<void> {
  const box = page.getByTestId(testId);
  if (((await box.getAttribute("data-state")) === "checked") !== on) await box.click();
}

/** `npm run quire -- verify <file> --key <key>`: its exit code and what it printed. */
async function verify(file: string, key: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run("npm", ["run", "-s", "quire", "--", "verify", file, "--key", key], {
      cwd: join(repoRoot, "apps/server"),
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

type RecordJson = {
  record: {
    version: number;
    entries: Array<{
      payload: {
        signer: { name: string };
        meaning: string;
        signedAt: string;
        version: number;
        originalSha256: string;
        markdownSha256: string;
      };
    }>;
  };
};

/** The signed JSON the record PDF carries as its attachment (what its pages print). */
async function attachedRecord(pdf: Buffer): Promise<RecordJson> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const list = doc.catalog
    .lookupMaybe(PDFName.of("Names"), PDFDict)
    ?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict)
    ?.lookupMaybe(PDFName.of("Names"), PDFArray);
  assert.ok(list, "the PDF carries the signed JSON");
  for (let i = 0; i + 1 < list.size(); i += 2) {
    const label = list.lookup(i);
    const name = label instanceof PDFString || label instanceof PDFHexString ? label.decodeText() : "";
    if (name !== "approval-record.json") continue;
    const stream = list
      .lookup(i + 1, PDFDict)
      .lookup(PDFName.of("EF"), PDFDict)
      .lookup(PDFName.of("F"));
    assert.ok(stream instanceof PDFRawStream);
    return JSON.parse(Buffer.from(decodePDFRawStream(stream).decode()).toString("utf8")) as RecordJson;
  }
  throw new Error("no approval-record.json attached");
}

/** The Admin's part: a category asking for the password to sign, and its template built in the editor. */
async function buildTemplate(admin: Page, categoryName: string): Promise<string> {
  const made = await admin.request.post("/api/categories", { data: { name: categoryName } });
  await ok(made, 201);
  const { id } = (await made.json()) as { id: string };
  await admin.goto("/settings/categories/access");

  const access = admin.getByTestId("card-category-access");
  // The categories and the first one's access list are in before a category is chosen.
  await access.getByTestId("button-save-category-access").waitFor();
  await choose(admin, "select-access-category", categoryName);
  const signing = access.getByTestId("switch-signing-password");
  if ((await signing.getAttribute("data-state")) !== "checked") await signing.click();
  await admin.getByText("Signing rule saved", { exact: true }).first().waitFor();

  await admin.getByTestId("settings-nav-document-control").click();
  await admin.waitForURL((url) => url.pathname === "/settings/document-control");
  const card = admin.getByTestId("card-approval-template");
  await card.getByTestId("text-template-kind").waitFor();
  await choose(admin, "select-template-category", categoryName);
  const editor = card.getByTestId("approval-template-editor");
  await editor
    .getByTestId("text-template-kind")
    .getByText(/follows the default flow/)
    .waitFor();
  await editor.getByTestId("template-stage-1").waitFor();
  // Default flow: Review, Approval. A third stage goes in before the approval stage.
  await editor.getByTestId("button-add-stage").click();
  assert.equal(await editor.locator('[data-testid^="template-stage-"]').count(), 3);
  await editor.getByTestId("input-stage-name-0").fill("Technical review");
  await editor.getByTestId("input-stage-due-0").fill("2");
  await editor.getByTestId("input-stage-name-1").fill("");
  await tick(admin, "checkbox-stage-role-1-Reviewer", true);
  await editor.getByTestId("input-stage-due-1").fill("3");
  await editor.getByTestId("input-stage-name-2").fill("Release");
  await tick(admin, "checkbox-stage-sendback-2", true);

  // The API refuses a stage without a name; its words appear beside that field and nothing is lost.
  const refused = admin.waitForResponse(
    (r) => r.url().endsWith("/approval-template") && r.request().method() === "PUT",
  );
  await editor.getByTestId("button-save-template").click();
  assert.equal((await refused).status(), 400);
  const stageTwo = editor.getByTestId("template-stage-1");
  await stageTwo.getByRole("alert").getByText("Give the stage a name").waitFor();
  assert.equal(await editor.getByTestId("input-stage-name-0").inputValue(), "Technical review");

  await editor.getByTestId("input-stage-name-1").fill("Quality review");
  const saved = admin.waitForResponse(
    (r) => r.url().endsWith("/approval-template") && r.request().method() === "PUT",
  );
  await editor.getByTestId("button-save-template").click();
  assert.equal((await saved).status(), 200);
  await admin.getByText("Approval template saved", { exact: true }).first().waitFor();
  await editor
    .getByTestId("text-template-kind")
    .getByText(/has its own template/)
    .waitFor();

  const stored = (await (await admin.request.get(`/api/categories/${id}/approval-template`)).json()) as {
    custom: boolean;
    template: { stages: Array<{ name: string; roles: string[]; dueDays: number | null; sendBack: boolean }> };
  };
  assert.equal(stored.custom, true);
  assert.deepEqual(
    stored.template.stages.map((s) => [s.name, s.roles, s.dueDays, s.sendBack]),
    [
      ["Technical review", ["Reviewer"], 2, false],
      ["Quality review", ["Reviewer"], 3, false],
      ["Release", ["Approver"], null, true],
    ],
  );
  return id;
}

async function upload(page: Page, categoryId: string, title: string, text: string): Promise<string> {
  const res = await page.request.post("/api/documents/upload", {
    multipart: {
      title,
      categoryId,
      allowDuplicate: "true",
      file: { name: "sop.md", mimeType: "text/markdown", buffer: Buffer.from(text) },
    },
  });
  await ok(res, 201);
  return ((await res.json()) as { id: string }).id;
}

/** The author submits from the document page, one person ticked per stage. */
async function submitInBrowser(author: Page, doc: string): Promise<void> {
  await author.goto(`/document/${doc}`);
  await author.getByTestId("button-submit-review").click();
  const dialog = author.getByTestId("dialog-submit-review");
  await dialog.getByTestId("submit-stage-3").waitFor();
  await tick(author, "checkbox-stage-1-reviewer", true);
  await tick(author, "checkbox-stage-2-reviewer2", true);
  await tick(author, "checkbox-stage-3-approver", true);
  await dialog.getByTestId("button-confirm-submit-review").click();
  await author.getByText("Document submitted for review").first().waitFor();
}

test("an Admin builds a three-stage template; three people sign in turn; the record verifies; a Viewer reads the effective version", async () => {
  const admin = await suite.session("admin", { viewport: desktop, tourCompleted: true });
  const categoryId = await buildTemplate(admin.page, "Controlled walk");
  assert.deepEqual(
    unexpectedErrors(admin.consoleErrors()).filter((e) => !/status of 400/.test(e)),
    [],
  );

  const author = await suite.session("author", { viewport: desktop, tourCompleted: true });
  const title = "Kiln release procedure";
  const doc = await upload(
    author.page,
    categoryId,
    title,
    `# ${title}\n\nFire at 1,200 degrees for six hours.\n`,
  );
  await submitInBrowser(author.page, doc);

  // First stage: the reviewer signs in the browser with their password.
  const reviewer = await suite.session("reviewer", {
    viewport: desktop,
    tourCompleted: true,
    path: `/document/${doc}`,
  });
  const banner = reviewer.page.getByTestId("banner-review-action");
  await banner.getByTestId("banner-approve").click();
  const dialog = reviewer.page.getByTestId("dialog-decision");
  await dialog.getByTestId("input-decision-password").fill("demo");
  const signed = reviewer.page.waitForResponse((r) => r.request().method() === "PATCH");
  await dialog.getByTestId("button-confirm-decision").click();
  assert.equal((await signed).status(), 200);
  await banner.waitFor({ state: "detached" });
  await reviewer.context.close();

  // The second and third act in turn, each signing with the password.
  for (const who of ["reviewer2", "approver"]) {
    const person = await suite.session(who, { viewport: desktop, tourCompleted: true });
    const body = { status: "Approved", approverStatus: "Approved", password: "demo" };
    await ok(await person.page.request.patch(`/api/documents/${doc}/approval`, { data: body }));
    await person.context.close();
  }

  // The record's PDF downloads from the Approval record tab.
  const page = author.page;
  await page.goto(`/document/${doc}`);
  await page.getByTestId("tab-approval-record").click();
  const round = page.getByTestId("approval-record-round-1");
  await round.getByText(/Round 1 · version 1 · Approved/).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    round.getByTestId("link-record-pdf-1").click(),
  ]);
  const version = (await (await page.request.get(`/api/documents/${doc}/versions/1`)).json()) as {
    sha256: string;
  };
  const dir = mkdtempSync(join(tmpdir(), "quire-walk-"));
  try {
    const pdf = join(dir, "record.pdf");
    const bytes = readFileSync(await download.path());
    writeFileSync(pdf, bytes);
    const record = (await attachedRecord(bytes)).record;
    assert.deepEqual(
      record.entries.map((e) => [e.payload.signer.name, e.payload.meaning]),
      [
        ["reviewer", "reviewed"],
        ["reviewer2", "reviewed"],
        ["approver", "approved"],
      ],
    );
    for (const entry of record.entries) {
      assert.ok(!Number.isNaN(Date.parse(entry.payload.signedAt)), "each signature has its time");
      assert.equal(entry.payload.version, 1);
      assert.equal(entry.payload.originalSha256, version.sha256, "the version's sha256");
      assert.match(entry.payload.markdownSha256, /^[0-9a-f]{64}$/);
    }
    const key = join(dir, "key.pem");
    writeFileSync(key, await (await page.request.get("/api/record-signing-key.pem")).text());
    const accepted = await verify(pdf, key);
    assert.equal(accepted.code, 0, accepted.output);
    assert.match(accepted.output, /reviewer reviewed at .*reviewer2 reviewed at .*approver approved at/);
    const changed = Buffer.from(bytes);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = (changed[middle] ?? 0) ^ 0x01;
    writeFileSync(pdf, changed);
    const rejected = await verify(pdf, key);
    assert.equal(rejected.code, 1, rejected.output);
    assert.match(rejected.output, /NOT VALID/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // Version 2 goes into review; a Viewer still reads version 1 as the effective one.
  const v2 = await page.request.post(`/api/documents/${doc}/versions`, {
    data: {
      content: `# ${title}\n\nFire at 1,250 degrees for six and a half hours.\n`,
      changeNote: "Six and a half hours",
      expectedVersion: 1,
    },
  });
  await ok(v2, 201);
  await submitInBrowser(page, doc);
  const viewer = await suite.session("viewer", {
    viewport: desktop,
    tourCompleted: true,
    path: `/document/${doc}`,
  });
  const control = viewer.page.getByTestId("document-control");
  await control.waitFor();
  assert.match(await control.getByTestId("text-effective").innerText(), /^Effective: version 1, approved /);
  await viewer.page.getByText("Fire at 1,200 degrees").first().waitFor();
  assert.equal(await viewer.page.getByText("1,250 degrees").count(), 0);
  assert.deepEqual(unexpectedErrors(viewer.consoleErrors()), []);
  await viewer.context.close();
  await author.context.close();
  await admin.context.close();
});

test("the template editor and out-of-office screens fit a 390 px phone and say who acts for whom", async () => {
  const admin = await suite.session("admin", {
    viewport: phone,
    tourCompleted: true,
    path: "/settings/document-control",
  });
  const card = admin.page.getByTestId("card-approval-template");
  await card.getByTestId("approval-template-editor").waitFor();
  await card.getByTestId("button-add-stage").click();
  await card.getByTestId("template-stage-2").waitFor();
  await noSidewaysScroll(admin.page, phone.width, "the template editor");

  await admin.page.getByTestId("settings-nav-account").click();
  await admin.page.waitForURL((url) => url.pathname === "/settings/account");
  const users = (await (await admin.page.request.get("/api/users")).json()) as Array<{
    id: string;
    username: string;
  }>;
  const ooo = admin.page.getByTestId("card-out-of-office");
  await ooo.scrollIntoViewIfNeeded();
  await ooo.getByTestId("input-ooo-from").fill("2030-01-10");
  await ooo.getByTestId("input-ooo-until").fill("2030-01-03");
  await choose(admin.page, "select-ooo-delegate", /^reviewer2 /);
  await ooo.getByTestId("button-save-out-of-office").click();
  await ooo
    .getByTestId("error-out-of-office")
    .getByText(/end date is before the start date/)
    .waitFor();
  await ooo.getByTestId("input-ooo-until").fill("2030-01-20");
  await ooo.getByTestId("button-save-out-of-office").click();
  await ooo
    .getByTestId("text-out-of-office")
    .getByText("reviewer2 for admin, Jan 10, 2030 to Jan 20, 2030.")
    .waitFor();
  const stored = (await (await admin.page.request.get("/api/account/out-of-office")).json()) as {
    delegation: { from: string; until: string; delegateId: string };
  };
  assert.deepEqual(stored.delegation, {
    from: "2030-01-10",
    until: "2030-01-20",
    delegateId: users.find((u) => u.username === "reviewer2")?.id,
  });
  await noSidewaysScroll(admin.page, phone.width, "Settings with the out-of-office form");
  await ooo.getByTestId("button-clear-out-of-office").click();
  await ooo.getByTestId("text-out-of-office").waitFor({ state: "detached" });
  assert.deepEqual(
    unexpectedErrors(admin.consoleErrors()).filter((e) => !/status of 400/.test(e)),
    [],
  );
  await admin.context.close();
});
