import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Document, IngestionItem, IngestionOverview, MailAccount } from "@quire/contracts";
import { createThrowawayDatabase } from "../support/harness";
import { startImapServer, type ImapTestServer } from "../support/imap-server";
import { crashRunCli } from "./crash-cli";
import { waitForJobs } from "./crash-verify";
import { seededRandom } from "./crash-workload";
import { seededDataDir, signIn, startServer, type ServerProcess } from "./server-process";

const fixtures = fileURLToPath(new URL("../../test-fixtures/", import.meta.url));
const INBOX = "INBOX";
const ARCHIVE = "Archived";

/** An item a message must end as: its name in Settings › Ingestion and its state. */
interface Expected {
  name: string;
  state: "done" | "duplicate" | "failed";
  /** The document's original file name, when one is made. */
  filename?: string;
}

interface Sent {
  messageId: string;
  /** Where it must end: moved to the archive folder, or left in the inbox (failed). */
  endsIn: typeof INBOX | typeof ARCHIVE;
}

export interface MailCrashOptions {
  cycles: number;
  seed: number;
  postgresUrl?: string;
  log?: (line: string) => void;
}

export interface MailCrashReport {
  database: "pglite" | "postgres";
  kills: number;
  /** Kills that landed after a poll had committed part of its messages. */
  killsMidPoll: number;
  messages: number;
  /** Items missing, doubled or with another outcome than expected. */
  wrong: string[];
  /** Documents made from one attachment more than once (or never). */
  duplicated: string[];
  /** Messages not where they must end (moved once to the archive, or left failed in the inbox). */
  misplaced: string[];
}

function copyrightTexts(): string[] {
  const texts: string[] = [];
  for (const pkg of readdirSync("/usr/share/doc").sort()) {
    const source = `/usr/share/doc/${pkg}/copyright`;
    if (!existsSync(source)) continue;
    const text = readFileSync(source, "utf8");
    if (text.trim().length >= 200 && !texts.includes(text)) texts.push(text);
  }
  return texts;
}

function nestedMessage(depth: number, messageId: string): Buffer {
  let body = "Content-Type: text/plain\r\n\r\ndeep\r\n";
  for (let level = depth; level > 0; level--)
    body = `Content-Type: multipart/mixed; boundary="b${level}"\r\n\r\n--b${level}\r\n${body}\r\n--b${level}--\r\n`;
  return Buffer.from(
    `From: mallory@evil.test\r\nSubject: Crash hostile\r\nMessage-ID: ${messageId}\r\nMIME-Version: 1.0\r\n${body}`,
  );
}

/** Each cycle's messages: attachments of real text, a PDF, a message of text only; the first cycle adds a hostile one, a twin and a resent copy. */
async function send(
  imap: ImapTestServer,
  cycle: number,
  texts: string[],
  expected: Expected[],
  sent: Sent[],
): Promise<void> {
  const textA = texts[cycle * 2]!;
  const textB = texts[cycle * 2 + 1]!;
  const pdf = ["bzip2-manual.pdf", "users-and-groups.pdf", "shared-mime-info-spec.pdf"][cycle - 1];
  const a = {
    from: "scanner@office.test",
    subject: `Crash ${cycle} A`,
    messageId: `<crash-${cycle}-a@office.test>`,
    attachments: [{ filename: `crash-${cycle}-a.txt`, content: textA }],
  };
  const b = {
    from: "scanner@office.test",
    subject: `Crash ${cycle} B`,
    messageId: `<crash-${cycle}-b@office.test>`,
    attachments: [
      { filename: `crash-${cycle}-b.md`, content: `# Crash ${cycle}\n\n${textB}` },
      ...(pdf
        ? [{ filename: `crash-${cycle}-${pdf}`, content: readFileSync(path.join(fixtures, pdf)) }]
        : []),
    ],
  };
  const body = {
    from: "chair@office.test",
    subject: `Crash ${cycle} minutes`,
    messageId: `<crash-${cycle}-minutes@office.test>`,
    text: `Minutes of meeting ${cycle}: the board agreed on item ${cycle}.`,
  };
  for (const message of [a, b, body]) {
    await imap.append(INBOX, message);
    sent.push({ messageId: message.messageId, endsIn: ARCHIVE });
  }
  expected.push({
    name: `Crash ${cycle} A › crash-${cycle}-a.txt`,
    state: "done",
    filename: `crash-${cycle}-a.txt`,
  });
  expected.push({
    name: `Crash ${cycle} B › crash-${cycle}-b.md`,
    state: "done",
    filename: `crash-${cycle}-b.md`,
  });
  if (pdf)
    expected.push({
      name: `Crash ${cycle} B › crash-${cycle}-${pdf}`,
      state: "done",
      filename: `crash-${cycle}-${pdf}`,
    });
  expected.push({
    name: `Crash ${cycle} minutes › Crash ${cycle} minutes.txt`,
    state: "done",
    filename: `Crash ${cycle} minutes.txt`,
  });
  if (cycle !== 1) return;
  await imap.append(INBOX, nestedMessage(30, "<crash-hostile@evil.test>"));
  sent.push({ messageId: "<crash-hostile@evil.test>", endsIn: INBOX });
  expected.push({ name: "Crash hostile", state: "failed" });
  const twin = { ...a, subject: "Crash twin", messageId: "<crash-twin@office.test>" };
  await imap.append(INBOX, { ...twin, attachments: [{ filename: "twin.txt", content: textA }] });
  sent.push({ messageId: twin.messageId, endsIn: ARCHIVE });
  expected.push({ name: "Crash twin › twin.txt", state: "duplicate" });
  // The same message delivered twice (one Message-ID): taken once, both copies moved.
  await imap.append(INBOX, a);
  sent.push({ messageId: a.messageId, endsIn: ARCHIVE });
}

async function api<T>(server: ServerProcess, cookie: string, method: string, route: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${route}`, {
    method,
    headers: { cookie, origin: server.baseUrl, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return (res.status === 204 || res.status === 202 ? null : await res.json()) as T;
}

const mailItems = async (server: ServerProcess, cookie: string): Promise<IngestionItem[]> =>
  (await api<IngestionOverview>(server, cookie, "GET", "/api/ingestion")).items.filter(
    (i) => i.source === "mail",
  );

/** Waits until the poll has committed something new, then a random moment more (bounded). */
async function untilMidPoll(server: ServerProcess, cookie: string, before: number, random: () => number) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const items = await mailItems(server, cookie).catch(() => null);
    if (items && items.length > before) {
      await new Promise((r) => setTimeout(r, random() * 300));
      return true;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

async function verify(
  server: ServerProcess,
  cookie: string,
  imap: ImapTestServer,
  expected: Expected[],
  sent: Sent[],
): Promise<Pick<MailCrashReport, "wrong" | "duplicated" | "misplaced">> {
  const items = await mailItems(server, cookie);
  const documents = await api<Document[]>(server, cookie, "GET", "/api/documents?pageSize=500");
  const wrong: string[] = [];
  const duplicated: string[] = [];
  for (const want of expected) {
    const found = items.filter((i) => i.name === want.name);
    if (found.length !== 1 || found[0]!.state !== want.state)
      wrong.push(`${want.name}: ${found.map((i) => `${i.state} ${i.reason ?? ""}`).join(", ") || "no item"}`);
    if (want.filename) {
      const made = documents.filter((d) => d.originalFilename === want.filename).length;
      if (made !== 1) duplicated.push(`${want.filename}: ${made} documents`);
    }
  }
  for (const item of items)
    if (!expected.some((e) => e.name === item.name)) wrong.push(`${item.name}: unexpected ${item.state}`);
  const misplaced: string[] = [];
  const where = {
    [INBOX]: (await imap.messages(INBOX)).map((m) => m.messageId),
    [ARCHIVE]: (await imap.messages(ARCHIVE)).map((m) => m.messageId),
  };
  for (const box of [INBOX, ARCHIVE] as const) {
    const want = sent
      .filter((s) => s.endsIn === box)
      .map((s) => s.messageId)
      .sort();
    const have = [...where[box]].sort();
    if (JSON.stringify(want) !== JSON.stringify(have))
      misplaced.push(`${box}: expected ${want.join(" ")}; found ${have.join(" ")}`);
  }
  return { wrong, duplicated, misplaced };
}

/**
 * Mail ingestion under SIGKILL: each cycle delivers real messages to a real IMAP server, starts
 * Quire, polls, and kills it once the poll has committed part of them; the last start polls to the
 * end, twice. Every attachment must be one document, each message moved once (or, hostile, left
 * with its reason), and nothing taken twice.
 */
export async function runMailCrashCycles(options: MailCrashOptions): Promise<MailCrashReport> {
  const { cycles, log = () => {} } = options;
  const random = seededRandom(options.seed);
  const imap = await startImapServer();
  const database = options.postgresUrl ? await createThrowawayDatabase(options.postgresUrl) : null;
  const dataDir = database
    ? mkdtempSync(path.join(tmpdir(), "quire-crash-mail-data-"))
    : await seededDataDir("quire-crash-mail-data-");
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO: "true",
    DEMO_DOCUMENTS: "false",
    BLOB_STORE: database ? "db" : "fs",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const texts = copyrightTexts();
  const expected: Expected[] = [];
  const sent: Sent[] = [];
  let server: ServerProcess | null = null;
  let account: MailAccount | null = null;
  let kills = 0;
  let killsMidPoll = 0;
  try {
    for (let cycle = 1; cycle <= cycles; cycle++) {
      await send(imap, cycle, texts, expected, sent);
      server = await startServer(env);
      const cookie = await signIn(server.baseUrl, "admin");
      account ??= await api<MailAccount>(server, cookie, "POST", "/api/ingestion/mail/accounts", {
        name: "Crash scanner",
        host: imap.host,
        port: imap.port,
        tls: false,
        username: imap.username,
        password: imap.password,
        mailbox: INBOX,
        pollSeconds: 3600,
        afterImport: "move",
        moveTo: ARCHIVE,
        rules: [
          { from: "office.test", category: "Mail crash", importBody: true },
          { category: "Mail crash" },
        ],
      });
      const before = (await mailItems(server, cookie)).length;
      await api(server, cookie, "POST", `/api/ingestion/mail/accounts/${account.id}/poll`);
      if (await untilMidPoll(server, cookie, before, random)) killsMidPoll++;
      await server.stop("SIGKILL");
      kills++;
      log(`cycle ${cycle}/${cycles}: killed; ${sent.length} messages delivered so far`);
    }
    server = await startServer(env);
    const cookie = await signIn(server.baseUrl, "admin");
    for (let pass = 0; pass < 2; pass++) {
      await api(server, cookie, "POST", `/api/ingestion/mail/accounts/${account!.id}/poll`);
      await waitForJobs(server.baseUrl, cookie, 240_000);
    }
    const outcome = await verify(server, cookie, imap, expected, sent);
    await server.stop("SIGTERM");
    server = null;
    return {
      database: database ? "postgres" : "pglite",
      kills,
      killsMidPoll,
      messages: sent.length,
      ...outcome,
    };
  } finally {
    await server?.stop("SIGKILL");
    await database?.drop();
    await imap.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatMailReport(report: MailCrashReport): string {
  return [
    `  database                                   ${report.database}`,
    `  SIGKILLs / after part of a poll committed  ${report.kills} / ${report.killsMidPoll}`,
    `  messages delivered                         ${report.messages}`,
    `  items missing, doubled or wrong            ${report.wrong.length}`,
    `  documents made twice (or never)            ${report.duplicated.length}`,
    `  messages not moved once                    ${report.misplaced.length}`,
    ...[...report.wrong, ...report.duplicated, ...report.misplaced].slice(0, 20).map((d) => `  ! ${d}`),
  ].join("\n");
}

crashRunCli(import.meta.url, {
  name: "mail",
  defaultCycles: 5,
  cycles: runMailCrashCycles,
  format: formatMailReport,
  problems: (report) => report.wrong.length + report.duplicated.length + report.misplaced.length,
});
