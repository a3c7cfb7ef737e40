import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";

/**
 * A real IMAP server for tests: Debian's dovecot (dovecot-imapd, installed by .ci/run), started
 * with its own configuration, port, mail directory and one passwd-file user, and stopped after.
 * As root it runs its login and mail processes as the dovecot users (dovecot refuses root there).
 */

export const DOVECOT = "/usr/sbin/dovecot";

export interface ImapTestServer {
  host: string;
  port: number;
  username: string;
  password: string;
  /** Appends a message (built by nodemailer's composer, or raw bytes) and answers its UID. */
  append(mailbox: string, message: Mail.Options | Buffer, flags?: string[]): Promise<number>;
  /**
   * Deletes and recreates the mailbox with the same messages (or none), without their flags, as a
   * server migration may: a new UIDVALIDITY, and UIDs from 1 again.
   */
  renumber(mailbox: string, options?: { empty?: boolean }): Promise<{ before: number; after: number }>;
  setSeen(mailbox: string, uid: number, seen: boolean): Promise<void>;
  /** The mailbox's messages: UID, Message-ID and flags. */
  messages(mailbox: string): Promise<Array<{ uid: number; messageId: string | null; seen: boolean }>>;
  createMailbox(mailbox: string): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function greeted(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("* OK"));
    });
    socket.once("error", () => resolve(false));
  });
}

export function buildMessage(message: Mail.Options): Promise<Buffer> {
  return new MailComposer(message).compile().build();
}

function configuration(
  root: string,
  port: number,
  ids: { uid: number; gid: number },
  asRoot: boolean,
): string {
  const internal = asRoot ? "dovecot" : userInfo().username;
  return `protocols = imap
listen = 127.0.0.1
base_dir = ${root}/run
state_dir = ${root}/state
log_path = ${root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${internal}
default_internal_group = ${asRoot ? "dovecot" : (process.getgid?.() ?? 0)}
default_login_user = ${asRoot ? "dovenull" : internal}
first_valid_uid = ${Math.min(ids.uid, 100)}
mail_location = maildir:${root}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${root}/passwd
}
userdb {
  driver = static
  args = uid=${ids.uid} gid=${ids.gid} home=${root}/home/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`;
}

/** The uid and gid the mail files belong to: the dovecot user's when running as root. */
function mailOwner(asRoot: boolean): { uid: number; gid: number } {
  if (!asRoot) return { uid: process.getuid?.() ?? 1000, gid: process.getgid?.() ?? 1000 };
  const line = execFileSync("getent", ["passwd", "dovecot"], { encoding: "utf8" }).trim().split(":");
  return { uid: Number(line[2]), gid: Number(line[3]) };
}

export async function startImapServer(): Promise<ImapTestServer> {
  const asRoot = process.getuid?.() === 0;
  const root = mkdtempSync(path.join(tmpdir(), "quire-imap-"));
  chmodSync(root, 0o755);
  const port = await freePort();
  const ids = mailOwner(asRoot);
  const username = "archive";
  const password = "imap-test-password";
  for (const dir of ["run", "state", "mail", "home"]) mkdirSync(path.join(root, dir));
  if (asRoot) for (const dir of ["mail", "home"]) chownSync(path.join(root, dir), ids.uid, ids.gid);
  writeFileSync(path.join(root, "passwd"), `${username}:{PLAIN}${password}\n`);
  writeFileSync(path.join(root, "dovecot.conf"), configuration(root, port, ids, asRoot));
  const child: ChildProcess = spawn(DOVECOT, ["-F", "-c", path.join(root, "dovecot.conf")], {
    stdio: "ignore",
  });
  const deadline = Date.now() + 20_000;
  while (!(await greeted(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`dovecot did not start (see ${root}/dovecot.log)`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  async function withClient<T>(use: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: username, pass: password },
      logger: false,
    });
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.logout();
    }
  }
  const toBytes = async (message: Mail.Options | Buffer) =>
    Buffer.isBuffer(message) ? message : buildMessage(message);

  const server: ImapTestServer = {
    host: "127.0.0.1",
    port,
    username,
    password,
    async createMailbox(mailbox) {
      await withClient((c) => c.mailboxCreate(mailbox).then(() => undefined));
    },
    async append(mailbox, message, flags = []) {
      const bytes = await toBytes(message);
      const result = await withClient((c) => c.append(mailbox, bytes, flags));
      if (!result || !result.uid) throw new Error("append gave no UID");
      return result.uid;
    },
    async messages(mailbox) {
      return withClient(async (c) => {
        const lock = await c.getMailboxLock(mailbox);
        try {
          const out: Array<{ uid: number; messageId: string | null; seen: boolean }> = [];
          for await (const m of c.fetch("1:*", { uid: true, envelope: true, flags: true }))
            out.push({
              uid: m.uid,
              messageId: m.envelope?.messageId ?? null,
              seen: m.flags?.has("\\Seen") ?? false,
            });
          return out;
        } catch {
          return [];
        } finally {
          lock.release();
        }
      });
    },
    async setSeen(mailbox, uid, seen) {
      await withClient(async (c) => {
        await c.mailboxOpen(mailbox);
        if (seen) await c.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
        else await c.messageFlagsRemove(String(uid), ["\\Seen"], { uid: true });
        await c.mailboxClose();
      });
    },
    async renumber(mailbox, options = {}) {
      return withClient(async (c) => {
        const opened = await c.mailboxOpen(mailbox);
        const before = Number(opened.uidValidity);
        const kept: Buffer[] = [];
        if (opened.exists > 0 && !options.empty)
          for await (const m of c.fetch("1:*", { source: true })) if (m.source) kept.push(m.source);
        await c.mailboxClose();
        await c.mailboxDelete(mailbox);
        // Dovecot takes UIDVALIDITY from the clock's seconds: a new one needs a new second.
        await new Promise((r) => setTimeout(r, 1100));
        await c.mailboxCreate(mailbox);
        for (const source of kept) await c.append(mailbox, source, []);
        const after = Number((await c.mailboxOpen(mailbox)).uidValidity);
        await c.mailboxClose();
        return { before, after };
      });
    },
    async close() {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
      rmSync(root, { recursive: true, force: true });
    },
  };
  return server;
}
