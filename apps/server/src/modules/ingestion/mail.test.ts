import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type {
  Document,
  IngestionOverview,
  MailAccount,
  MailDryRun,
  MailMessageSummary,
} from "@quire/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailAccounts } from "../../db/schema";
import { docxWithBody, paragraphsOfSize } from "../../../test/support/hostile-files";
import { createTestApp, json, type TestApp } from "../../../test/support/harness";
import { startImapServer, type ImapTestServer } from "../../../test/support/imap-server";

const fixtures = fileURLToPath(new URL("../../../test-fixtures/", import.meta.url));
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const MB = 1024 * 1024;

let imap: ImapTestServer;
let t: TestApp;

beforeAll(async () => {
  imap = await startImapServer();
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await imap?.close();
});

const rules = [
  {
    from: "billing@acme.test",
    attachment: ".pdf",
    category: "Invoices",
    tags: ["invoice", "acme"],
    owner: "author",
  },
  { subject: "minutes", category: "Meetings", tags: ["minutes"], importBody: true },
  { subject: "report", category: "Reports" },
];

async function addAccount(mailbox: string, extra: Record<string, unknown> = {}): Promise<MailAccount> {
  const res = await t.request("POST", "/api/ingestion/mail/accounts", {
    as: "admin",
    body: {
      name: `Scans ${mailbox}`,
      host: imap.host,
      port: imap.port,
      tls: false,
      username: imap.username,
      password: imap.password,
      mailbox,
      pollSeconds: 60,
      afterImport: "seen",
      rules,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<MailAccount>(res);
}

/** A poll as the schedule runs it: "Poll now" queues it, the worker runs it. */
async function poll(account: MailAccount): Promise<void> {
  const res = await t.request("POST", `/api/ingestion/mail/accounts/${account.id}/poll`, { as: "admin" });
  expect(res.statusCode, res.body).toBe(202);
  await t.runner.runUntilIdle();
}

const documents = async () =>
  json<Document[]>(await t.request("GET", "/api/documents?pageSize=500", { as: "admin" }));
const overview = async () =>
  json<IngestionOverview>(await t.request("GET", "/api/ingestion", { as: "admin" }));
const mailItems = async () => (await overview()).items.filter((i) => i.source === "mail");

async function dryRun(account: MailAccount, uid: number): Promise<MailDryRun> {
  const res = await t.request("POST", `/api/ingestion/mail/accounts/${account.id}/dry-run`, {
    as: "admin",
    body: { uid },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<MailDryRun>(res);
}

describe("mail accounts", () => {
  it("keep the password sealed and never return it; only an Admin manages them", async () => {
    const account = await addAccount("INBOX");
    expect(JSON.stringify(account)).not.toContain(imap.password);
    expect(account).not.toHaveProperty("password");
    const listed = await t.request("GET", "/api/ingestion/mail/accounts", { as: "admin" });
    expect(listed.body).not.toContain(imap.password);
    const [row] = await t.ctx.db.select().from(mailAccounts).where(eq(mailAccounts.id, account.id));
    expect(row?.passwordSealed).toMatch(/^v1:/);
    expect(row?.passwordSealed).not.toContain(imap.password);
    const keyFile = path.join(t.config.dataDir, "secrets.key");
    expect(existsSync(keyFile)).toBe(true);
    expect(statSync(keyFile).mode & 0o077).toBe(0);

    // Saved without a password, the stored one stays (the poll still signs in).
    const kept = await t.request("PUT", `/api/ingestion/mail/accounts/${account.id}`, {
      as: "admin",
      body: { ...account, name: "Renamed", password: "" },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const messages = await t.request("GET", `/api/ingestion/mail/accounts/${account.id}/messages`, {
      as: "admin",
    });
    expect(messages.statusCode, messages.body).toBe(200);

    for (const as of ["author", "reviewer", "viewer"]) {
      expect((await t.request("GET", "/api/ingestion/mail/accounts", { as })).statusCode).toBe(403);
      expect(
        (await t.request("POST", `/api/ingestion/mail/accounts/${account.id}/poll`, { as })).statusCode,
      ).toBe(403);
    }
    expect((await t.request("GET", "/api/ingestion/mail/accounts", { as: null })).statusCode).toBe(401);
    await t.request("DELETE", `/api/ingestion/mail/accounts/${account.id}`, { as: "admin" });
  });

  it("refuses bad settings with the reason, and says when the server refuses the password", async () => {
    const base = { name: "x", host: imap.host, port: imap.port, tls: false, username: "u", password: "p" };
    const noFolder = await t.request("POST", "/api/ingestion/mail/accounts", {
      as: "admin",
      body: { ...base, afterImport: "move" },
    });
    expect(noFolder.statusCode).toBe(400);
    expect(noFolder.body).toContain("Name the folder to move messages to");
    const badPort = await t.request("POST", "/api/ingestion/mail/accounts", {
      as: "admin",
      body: { ...base, port: 0 },
    });
    expect(badPort.statusCode).toBe(400);
    const wrong = await addAccount("INBOX", { password: "not-the-password" });
    const listing = await t.request("GET", `/api/ingestion/mail/accounts/${wrong.id}/messages`, {
      as: "admin",
    });
    expect(listing.statusCode).toBe(502);
    expect(listing.body).toContain("refused the user name or password");
    await poll(wrong);
    const after = json<MailAccount[]>(
      await t.request("GET", "/api/ingestion/mail/accounts", { as: "admin" }),
    );
    expect(after.find((a) => a.id === wrong.id)?.lastError).toContain("refused the user name or password");
    await t.request("DELETE", `/api/ingestion/mail/accounts/${wrong.id}`, { as: "admin" });
  });
});

describe("mail polling against a real IMAP server", () => {
  it(
    "applies the first matching rule, as the dry-run said, and marks only what it took",
    { timeout: 180_000 },
    async () => {
      await imap.createMailbox("Rules");
      const invoice = await imap.append("Rules", {
        from: "Acme Billing <billing@acme.test>",
        to: "archive@quire.test",
        subject: "Invoice 42 (minutes attached)",
        messageId: "<invoice-42@acme.test>",
        text: "Please find the invoice attached.",
        attachments: [
          { filename: "invoice-42.pdf", content: fixture("users-and-groups.pdf") },
          { filename: "terms.docx", content: fixture("apache-2.0.docx") },
          { filename: "logo.png", content: Buffer.from("89504e470d0a1a0a", "hex") },
        ],
      });
      const minutes = await imap.append("Rules", {
        from: "Chair <chair@club.test>",
        to: "archive@quire.test",
        subject: "Board minutes, March",
        messageId: "<minutes-march@club.test>",
        text: "The board agreed to repaint the clubhouse in May.",
      });
      const newsletter = await imap.append("Rules", {
        from: "news@shop.test",
        to: "archive@quire.test",
        subject: "Spring sale",
        messageId: "<sale@shop.test>",
        text: "Everything must go.",
        attachments: [{ filename: "catalogue.pdf", content: fixture("bzip2-manual.pdf") }],
      });
      const account = await addAccount("Rules");

      const listed = json<MailMessageSummary[]>(
        await t.request("GET", `/api/ingestion/mail/accounts/${account.id}/messages`, { as: "admin" }),
      );
      expect(listed.map((m) => m.subject)).toEqual([
        "Spring sale",
        "Board minutes, March",
        "Invoice 42 (minutes attached)",
      ]);

      const planned = {
        invoice: await dryRun(account, invoice),
        minutes: await dryRun(account, minutes),
        newsletter: await dryRun(account, newsletter),
      };
      // The invoice's subject holds "minutes" too: the first rule that matches decides.
      expect(planned.invoice.ruleNumber).toBe(1);
      expect(planned.invoice.documents).toEqual([
        {
          kind: "attachment",
          filename: "invoice-42.pdf",
          title: "invoice-42",
          category: "Invoices",
          tags: ["invoice", "acme"],
          owner: "author",
        },
      ]);
      expect(planned.invoice.skipped.map((s) => s.filename)).toEqual(["terms.docx", "logo.png"]);
      expect(planned.minutes.ruleNumber).toBe(2);
      expect(planned.minutes.documents).toMatchObject([
        { kind: "body", title: "Board minutes, March", category: "Meetings", tags: ["minutes"] },
      ]);
      expect(planned.newsletter).toMatchObject({ ruleNumber: null, documents: [], alreadyTaken: false });

      await poll(account);

      // What the dry-run said is what happened, document for document.
      const all = await documents();
      for (const plan of [planned.invoice, planned.minutes]) {
        for (const doc of plan.documents) {
          const made = all.filter((d) => d.title === doc.title);
          expect(made, doc.title).toHaveLength(1);
          expect(made[0]!.category.name).toBe(doc.category);
          expect([...made[0]!.tags].sort()).toEqual([...doc.tags].sort());
          expect(made[0]!.owner).toBe(doc.owner || "admin");
        }
      }
      expect(all.some((d) => d.title === "catalogue")).toBe(false);
      const minutesDoc = all.find((d) => d.title === "Board minutes, March")!;
      const full = json<Document>(await t.request("GET", `/api/documents/${minutesDoc.id}`, { as: "admin" }));
      expect(full.currentVersion.content).toContain("repaint the clubhouse");
      expect(full.currentVersion.content).toContain("From: Chair <chair@club.test>");

      const items = await mailItems();
      expect(items.find((i) => i.name === "Invoice 42 (minutes attached) › invoice-42.pdf")?.state).toBe(
        "done",
      );
      expect((await dryRun(account, invoice)).alreadyTaken).toBe(true);

      const flags = await imap.messages("Rules");
      expect(
        flags
          .filter((m) => m.seen)
          .map((m) => m.uid)
          .sort(),
      ).toEqual([invoice, minutes].sort());
    },
  );

  it(
    "never takes a message twice: not after a restart lost the mark, nor after the mailbox was renumbered",
    { timeout: 180_000 },
    async () => {
      await imap.createMailbox("Renumbered");
      const first = await imap.append("Renumbered", {
        from: "clerk@city.test",
        subject: "Annual report 2025",
        messageId: "<report-2025@city.test>",
        attachments: [{ filename: "report-2025.pdf", content: fixture("shared-mime-info-spec.pdf") }],
      });
      const account = await addAccount("Renumbered");
      await poll(account);
      const count = async () => (await documents()).filter((d) => d.title === "report-2025").length;
      expect(await count()).toBe(1);

      // A process killed after the commit and before the mark: the message is unread again.
      await imap.setSeen("Renumbered", first, false);
      await poll(account);
      expect(await count()).toBe(1);
      expect((await imap.messages("Renumbered"))[0]!.seen).toBe(true);

      // The mailbox renumbered (a server migration that keeps no flags): new UIDVALIDITY, UIDs from 1.
      const { before, after } = await imap.renumber("Renumbered");
      expect(after).not.toBe(before);
      const messages = await imap.messages("Renumbered");
      expect(messages.map((m) => m.uid)).toEqual([first]);
      expect(messages[0]!.seen).toBe(false);

      await poll(account);
      expect(await count()).toBe(1);
      expect((await imap.messages("Renumbered"))[0]!.seen).toBe(true);

      // A new message given the UID the old one had under the old numbering is still a new message.
      await imap.renumber("Renumbered", { empty: true });
      const second = await imap.append("Renumbered", {
        from: "clerk@city.test",
        subject: "Annual report 2026",
        messageId: "<report-2026@city.test>",
        attachments: [{ filename: "report-2026.md", content: Buffer.from("# Report 2026\n\nRoads.\n") }],
      });
      expect(second).toBe(first);
      await poll(account);
      expect((await documents()).filter((d) => d.title === "report-2026")).toHaveLength(1);
      expect(await count()).toBe(1);
      const accounts = json<MailAccount[]>(
        await t.request("GET", "/api/ingestion/mail/accounts", { as: "admin" }),
      );
      expect(accounts.find((a) => a.id === account.id)?.lastError).toBeNull();
    },
  );

  it(
    "fails a hostile message on its own, with the reason, while the others are taken",
    { timeout: 180_000 },
    async () => {
      await imap.createMailbox("Hostile");
      await imap.append("Hostile", nestedMessage(30));
      await imap.append("Hostile", hugeHeaderMessage(400 * 1024));
      await imap.append("Hostile", {
        from: "clerk@city.test",
        subject: "Quarterly report with a bomb",
        messageId: "<bomb@city.test>",
        attachments: [
          { filename: "bomb.docx", content: Buffer.from(docxWithBody(paragraphsOfSize(20 * MB))) },
          { filename: "quarterly.md", content: Buffer.from("# Quarterly figures\n\nAll good.\n") },
        ],
      });
      await imap.append("Hostile", {
        from: "clerk@city.test",
        subject: "Monthly report",
        messageId: "<monthly@city.test>",
        attachments: [{ filename: "monthly.txt", content: Buffer.from("Monthly figures: all good.\n") }],
      });
      const account = await addAccount("Hostile", { rules: [{ category: "Reports" }] });
      await poll(account);

      const items = await mailItems();
      const named = (name: string) => items.find((i) => i.name === name);
      expect(named("Deeply nested")).toMatchObject({ state: "failed", canRetry: true });
      expect(named("Deeply nested")?.reason).toMatch(/nests MIME parts \d+ deep: the limit is 8/);
      expect(named("Huge header")?.state).toBe("failed");
      expect(named("Huge header")?.reason).toMatch(/header is \d+ KB: the limit is 256 KB/);
      expect(named("Quarterly report with a bomb › bomb.docx")?.reason).toMatch(/unpacks to more than/);
      expect(named("Quarterly report with a bomb › quarterly.md")?.state).toBe("done");
      expect(named("Monthly report › monthly.txt")?.state).toBe("done");
      const titles = (await documents()).map((d) => d.title);
      expect(titles).toEqual(expect.arrayContaining(["quarterly", "monthly"]));

      // Failed messages stay unread for a person to look at; the taken ones are marked.
      const seen = (await imap.messages("Hostile")).map((m) => m.seen);
      expect(seen).toEqual([false, false, true, true]);

      // A retry takes the message again: still refused, with the same reason, and nothing doubled.
      const retry = await t.request("POST", `/api/ingestion/items/${named("Deeply nested")!.id}/retry`, {
        as: "admin",
      });
      expect(retry.statusCode, retry.body).toBe(204);
      await t.runner.runUntilIdle();
      const again = (await mailItems()).filter((i) => i.name === "Deeply nested");
      expect(again).toHaveLength(1);
      expect(again[0]!.reason).toMatch(/nests MIME parts/);
      expect((await documents()).filter((d) => d.title === "monthly")).toHaveLength(1);
    },
  );
});

function nestedMessage(depth: number): Buffer {
  let body = "Content-Type: text/plain\r\n\r\ndeep\r\n";
  for (let level = depth; level > 0; level--) {
    const boundary = `b${level}`;
    body = `Content-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n--${boundary}\r\n${body}\r\n--${boundary}--\r\n`;
  }
  return Buffer.from(
    `From: mallory@evil.test\r\nTo: archive@quire.test\r\nSubject: Deeply nested\r\nMessage-ID: <nested@evil.test>\r\nMIME-Version: 1.0\r\n${body}`,
  );
}

function hugeHeaderMessage(bytes: number): Buffer {
  const line = `X-Padding: ${"x".repeat(90)}\r\n`;
  const padding = line.repeat(Math.ceil(bytes / line.length));
  return Buffer.from(
    `From: mallory@evil.test\r\nTo: archive@quire.test\r\nSubject: Huge header\r\nMessage-ID: <huge@evil.test>\r\n${padding}Content-Type: text/plain\r\n\r\nbody\r\n`,
  );
}
