import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { seriousAxeViolations, type Viewport } from "../support/browser";
import { repoRoot } from "../support/server";
import { browserSuite, unexpectedErrors } from "../support/suite";

/**
 * Signed approval records as people use them: in a category that asks for the password to sign,
 * a reviewer signs in the browser (a wrong password is refused and nothing is recorded), the others
 * sign in turn, the author opens the Approval record, downloads its PDF, and `quire verify` accepts
 * it and refuses it once one byte is changed.
 */
const suite = browserSuite();
const run = promisify(execFile);

const stage = (name: string, roles: string[]) => ({
  name,
  roles,
  groupIds: [],
  quorum: { kind: "any" },
  dueDays: null,
  onChanges: "end",
  onReject: "end",
  sendBack: false,
});

async function ok(res: { status(): number; text(): Promise<string> }, status = 200) {
  assert.equal(res.status(), status, await res.text());
}

/** An Admin's category with three stages whose decisions are signed with the password. */
async function controlledCategory(admin: Page, name: string): Promise<string> {
  const made = await admin.request.post("/api/categories", { data: { name } });
  await ok(made, 201);
  const { id } = (await made.json()) as { id: string };
  await ok(
    await admin.request.put(`/api/categories/${id}/approval-template`, {
      data: {
        stages: [
          stage("Technical review", ["Reviewer"]),
          stage("Quality review", ["Reviewer"]),
          stage("Release", ["Approver"]),
        ],
      },
    }),
  );
  await ok(await admin.request.put(`/api/categories/${id}/signing`, { data: { requiresPassword: true } }));
  return id;
}

async function submitted(author: Page, categoryId: string, title: string, ids: Record<string, string>) {
  const res = await author.request.post("/api/documents/upload", {
    multipart: {
      title,
      categoryId,
      allowDuplicate: "true",
      file: {
        name: "sop.md",
        mimeType: "text/markdown",
        buffer: Buffer.from(`# ${title}\n\nWeigh twice.\n`),
      },
    },
  });
  await ok(res, 201);
  const { id } = (await res.json()) as { id: string };
  const picks = [ids.reviewer, ids.reviewer2, ids.approver].map((userId) => ({ assignees: [{ userId }] }));
  await ok(await author.request.post(`/api/documents/${id}/submit-review`, { data: { stages: picks } }), 201);
  return id;
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

const viewports: Viewport[] = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const viewport of viewports) {
  test(`a reviewer signs with the password, the record PDF downloads and quire verify checks it, at ${viewport.width} px`, async () => {
    const admin = await suite.session("admin", { viewport, tourCompleted: true });
    const users = (await (await admin.page.request.get("/api/users")).json()) as {
      id: string;
      username: string;
    }[];
    const ids = Object.fromEntries(users.map((u) => [u.username, u.id]));
    const categoryId = await controlledCategory(admin.page, `Controlled ${viewport.width}`);
    const author = await suite.session("author", { viewport, tourCompleted: true });
    const title = `Batch release ${viewport.width}`;
    const doc = await submitted(author.page, categoryId, title, ids);

    // The reviewer signs from the document page; the dialog says what the signature means.
    const reviewer = await suite.session("reviewer", {
      viewport,
      tourCompleted: true,
      path: `/document/${doc}`,
    });
    const banner = reviewer.page.getByTestId("banner-review-action");
    await banner.getByTestId("banner-approve").click();
    const dialog = reviewer.page.getByTestId("dialog-decision");
    await dialog.getByTestId("text-signature-meaning").getByText("reviewed", { exact: true }).waitFor();
    const confirm = dialog.getByTestId("button-confirm-decision");
    assert.equal(await confirm.isDisabled(), true, "no password, no signature");
    await dialog.getByTestId("input-decision-password").fill("not-my-password");
    const refused = reviewer.page.waitForResponse((res) => res.request().method() === "PATCH");
    await confirm.click();
    assert.equal((await refused).status(), 403);
    await dialog
      .getByRole("alert")
      .getByText(/password is not correct/)
      .waitFor();
    const none = (await (
      await reviewer.page.request.get(`/api/documents/${doc}/approval-records`)
    ).json()) as {
      entries: unknown[];
    }[];
    assert.deepEqual(
      none.map((r) => r.entries.length),
      [0],
      "a refused signature records nothing",
    );
    await dialog.getByTestId("input-decision-password").fill("demo");
    const signed = reviewer.page.waitForResponse((res) => res.request().method() === "PATCH");
    await confirm.click();
    assert.equal((await signed).status(), 200);
    await banner.waitFor({ state: "detached" });
    // The wrong password's 403 is the one failed request this page expects.
    const refusedSigning = /status of 403 \(Forbidden\) \(.*\/api\/documents\/[^/]+\/approval\)$/;
    assert.deepEqual(
      unexpectedErrors(reviewer.consoleErrors()).filter((e) => !refusedSigning.test(e)),
      [],
    );
    await reviewer.context.close();

    // The next two sign in turn (the API the dialog uses, with their passwords).
    for (const who of ["reviewer2", "approver"]) {
      const person = await suite.session(who, { viewport, tourCompleted: true });
      const body = { status: "Approved", approverStatus: "Approved", password: "demo" };
      await ok(await person.page.request.patch(`/api/documents/${doc}/approval`, { data: body }));
      await person.context.close();
    }

    // The author reads the record and downloads its PDF.
    const page = author.page;
    await page.goto(`/document/${doc}`);
    await page.getByTestId("tab-approval-record").click();
    const round = page.getByTestId("approval-record-round-1");
    await round.getByText(/Round 1 · version 1 · Approved/).waitFor();
    const entries = round.getByTestId("record-entry");
    assert.equal(await entries.count(), 3);
    assert.deepEqual(await round.getByTestId("text-record-signer").allTextContents(), [
      "reviewer",
      "reviewer2",
      "approver",
    ]);
    assert.deepEqual(await round.getByTestId("text-record-meaning").allTextContents(), [
      "reviewed",
      "reviewed",
      "approved",
    ]);
    await entries.first().getByText("signed with password re-entered").waitFor();
    const hashes = await round.getByTestId("text-record-hash").allTextContents();
    assert.equal(hashes.length, 2);
    for (const hash of hashes) assert.match(hash, /^[0-9a-f]{64}$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the record fits the ${viewport.width} px screen (${overflow} px over)`);
    const violations = await seriousAxeViolations(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      round.getByTestId("link-record-pdf-1").click(),
    ]);
    assert.match(download.suggestedFilename(), /_approval_record_round_1\.pdf$/);
    const dir = mkdtempSync(join(tmpdir(), "quire-record-"));
    try {
      const pdf = join(dir, "record.pdf");
      writeFileSync(pdf, readFileSync(await download.path()));
      const key = join(dir, "key.pem");
      writeFileSync(key, await (await page.request.get("/api/record-signing-key.pem")).text());
      const accepted = await verify(pdf, key);
      assert.equal(accepted.code, 0, accepted.output);
      assert.match(
        accepted.output,
        new RegExp(`OK: Valid approval record of "${title}", round 1, version 1`),
      );
      assert.match(accepted.output, /reviewer reviewed at .*reviewer2 reviewed at .*approver approved at/);
      const bytes = readFileSync(pdf);
      const middle = Math.floor(bytes.length / 2);
      bytes[middle] = (bytes[middle] ?? 0) ^ 0x01;
      writeFileSync(pdf, bytes);
      const rejected = await verify(pdf, key);
      assert.equal(rejected.code, 1, rejected.output);
      assert.match(rejected.output, /NOT VALID: .*changed after export/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.deepEqual(unexpectedErrors(author.consoleErrors()), []);
    await author.context.close();
    await admin.context.close();
  });
}
