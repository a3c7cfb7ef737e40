import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { startImapServer, type ImapTestServer } from "../../apps/server/test/support/imap-server";
import { browserSuite } from "../support/suite";

const fixtures = fileURLToPath(new URL("../../apps/server/test-fixtures/", import.meta.url));
const suite = browserSuite();
let imap: ImapTestServer;

before(async () => {
  imap = await startImapServer();
});
after(async () => {
  await imap?.close();
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// Each width has its own mailbox and sends another real file: the same bytes again would be a duplicate.
for (const { viewport, file } of [
  { viewport: { width: 1280, height: 800 }, file: "users-and-groups.pdf" },
  { viewport: { width: 390, height: 844 }, file: "bzip2-manual.pdf" },
]) {
  test(`at ${viewport.width} px an Admin adds a mail account, tries its rules on a message and sees it ingested`, async () => {
    const tag = String(viewport.width);
    const mailbox = `Scans${tag}`;
    await imap.createMailbox(mailbox);
    await imap.append(mailbox, {
      from: "Acme Billing <billing@acme.test>",
      to: "archive@quire.test",
      subject: `Invoice ${tag}`,
      messageId: `<invoice-${tag}@acme.test>`,
      text: "Please find the invoice attached.",
      attachments: [
        { filename: `invoice-${tag}.pdf`, content: readFileSync(path.join(fixtures, file)) },
        { filename: "logo.png", content: Buffer.from("89504e470d0a1a0a", "hex") },
      ],
    });
    await imap.append(mailbox, {
      from: "news@shop.test",
      subject: `Spring sale ${tag}`,
      messageId: `<sale-${tag}@shop.test>`,
      text: "Everything must go.",
    });

    const { context, page, consoleErrors } = await suite.session("admin", { viewport, tourCompleted: true });
    await page.goto("/settings/ingestion");
    const card = page.getByTestId("card-ingestion");
    await card.getByTestId("button-add-mail-account").click();
    const dialog = page.getByTestId("dialog-mail-account");
    await dialog.getByTestId("input-mail-name").fill(`Scanner ${tag}`);
    await dialog.getByTestId("input-mail-host").fill(imap.host);
    await dialog.getByTestId("input-mail-port").fill(String(imap.port));
    await dialog.getByTestId("checkbox-mail-tls").click();
    await dialog.getByTestId("input-mail-username").fill(imap.username);
    await dialog.getByTestId("input-mail-password").fill(imap.password);
    await dialog.getByTestId("input-mail-mailbox").fill(mailbox);
    await dialog.getByTestId("input-rule-0-from").fill("billing@acme.test");
    await dialog.getByTestId("input-rule-0-category").fill(`Invoices ${tag}`);
    await dialog.getByTestId("input-rule-0-tags").fill("invoice, acme");
    // A bad setting is refused with the reason, in the dialog.
    await dialog.getByTestId("radio-mail-after-move").check();
    await dialog.getByTestId("button-save-mail-account").click();
    await dialog
      .getByTestId("text-mail-account-error")
      .getByText(/Name the folder to move messages to/)
      .waitFor();
    await dialog.getByTestId("radio-mail-after-seen").check();
    await dialog.getByTestId("button-save-mail-account").click();
    await dialog.waitFor({ state: "detached" });

    const row = card.getByTestId("list-mail-accounts").locator("li", { hasText: `Scanner ${tag}` });
    await row.waitFor();
    // The password never comes back from the server.
    const listed = await page.request.get("/api/ingestion/mail/accounts");
    assert.equal(listed.status(), 200);
    assert.ok(!(await listed.text()).includes(imap.password));

    // The dry-run: pick a message, see the rule and the document it would become; nothing is taken.
    await row.getByTestId("button-mail-try").click();
    const tryDialog = page.getByTestId("dialog-mail-dry-run");
    await tryDialog.getByRole("button", { name: `Try the rules on “Invoice ${tag}”` }).click();
    const result = tryDialog.getByTestId("dry-run-result");
    await result.getByText("Rule 1 matches.").waitFor();
    await result.getByTestId("list-dry-run-documents").getByText(`invoice-${tag}`, { exact: true }).waitFor();
    await result.getByText(new RegExp(`→ Invoices ${tag}, tagged invoice, acme`)).waitFor();
    await result
      .getByTestId("list-dry-run-skipped")
      .getByText(/logo\.png/)
      .waitFor();
    await tryDialog.getByRole("button", { name: `Try the rules on “Spring sale ${tag}”` }).click();
    await result.getByText("No rule matches: the message would be left in the mailbox.").waitFor();
    assert.equal(await overflow(page), 0, "no horizontal scrolling in the dry-run");
    await page.keyboard.press("Escape");
    await tryDialog.waitFor({ state: "detached" });

    await row.getByTestId("button-mail-poll").click();
    const item = card
      .getByTestId("list-ingestion-items")
      .locator('[data-testid^="row-ingestion-"]', { hasText: `Invoice ${tag} › invoice-${tag}.pdf` });
    await item.getByText(/^(Processing|Ready)$/).waitFor({ timeout: 60_000 });
    await item.getByText("Mail", { exact: true }).waitFor();
    await item.getByRole("link", { name: `invoice-${tag}` }).waitFor();
    await row
      .getByTestId("text-mail-last-poll")
      .filter({ hasNotText: "Not polled yet" })
      .waitFor({ timeout: 30_000 });
    const messages = await imap.messages(mailbox);
    assert.deepEqual(
      messages.map((m) => m.seen),
      [true, false],
      "the taken message is marked read, the one no rule matched is left alone",
    );

    assert.equal(await overflow(page), 0, "no horizontal scrolling with the mail account and its items");
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}
