import { ImapFlow, type FetchMessageObject, type MessageStructureObject } from "imapflow";
import type { MailAfterImport } from "@quire/contracts";

/**
 * The mailbox over IMAP (imapflow): list messages with what is needed to decide about them
 * without reading them (Message-ID, size, MIME structure), read one, and mark or move it.
 */

export interface MailServer {
  host: string;
  port: number;
  tls: boolean;
  username: string;
  password: string;
  mailbox: string;
}

export interface ListedMessage {
  uid: number;
  messageId: string | null;
  subject: string;
  from: string;
  date: Date | null;
  size: number;
  structure: MessageStructureObject | undefined;
}

export interface OpenMailbox {
  uidValidity: number;
  /** Messages to look at: unread ones when read ones are left behind, else all; oldest first. */
  list(options: { unreadOnly: boolean; limit: number }): Promise<ListedMessage[]>;
  /** The newest messages, for choosing one to try the rules on. */
  recent(limit: number): Promise<ListedMessage[]>;
  /** One message's listing, or null when it is gone. */
  find(uid: number): Promise<ListedMessage | null>;
  /** The message's bytes, or null when it is gone; never more than `maxBytes`. */
  read(uid: number, maxBytes: number): Promise<Buffer | null>;
  act(uid: number, afterImport: MailAfterImport, moveTo: string): Promise<void>;
  close(): Promise<void>;
}

/** Connecting and each command give up after this long: a stalled server fails the poll, not the worker. */
const TIMEOUT_MS = 30_000;

function listed(message: FetchMessageObject): ListedMessage {
  const envelope = message.envelope;
  const sender = envelope?.from?.[0];
  return {
    uid: message.uid,
    messageId: envelope?.messageId?.trim() || null,
    subject: envelope?.subject ?? "",
    from: sender ? (sender.name ? `${sender.name} <${sender.address ?? ""}>` : (sender.address ?? "")) : "",
    date: envelope?.date ? new Date(envelope.date) : null,
    size: message.size ?? 0,
    structure: message.bodyStructure,
  };
}

/** Says why a connection failed in words an Admin can act on. */
export function describeImapError(error: unknown): string {
  const e = error as {
    authenticationFailed?: boolean;
    code?: string;
    responseText?: string;
    message?: string;
  };
  if (e.authenticationFailed) return "The server refused the user name or password";
  if (e.code === "ECONNREFUSED") return "The server refused the connection (is the host and port right?)";
  if (e.code === "ENOTFOUND") return "No server has that host name";
  if (e.code === "ETIMEDOUT" || e.code === "CONNECT_TIMEOUT") return "The server did not answer in time";
  return e.responseText || e.message || String(error);
}

export async function openMailbox(server: MailServer): Promise<OpenMailbox> {
  const client = new ImapFlow({
    host: server.host,
    port: server.port,
    secure: server.tls,
    auth: { user: server.username, pass: server.password },
    logger: false,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS * 2,
    // A plain connection stays plain: Quire never upgrades with STARTTLS behind the Admin's back.
    doSTARTTLS: server.tls ? undefined : false,
  });
  // Errors after connecting (the socket closing) surface on the next command; unhandled they would crash.
  client.on("error", () => {});
  await client.connect();
  try {
    const mailbox = await client.mailboxOpen(server.mailbox);
    const uidValidity = Number(mailbox.uidValidity);
    const fetchListed = async (uids: number[]) => {
      if (uids.length === 0) return [];
      const out: ListedMessage[] = [];
      for await (const message of client.fetch(
        uids,
        { uid: true, envelope: true, size: true, bodyStructure: true },
        { uid: true },
      ))
        out.push(listed(message));
      return out.sort((a, b) => a.uid - b.uid);
    };
    return {
      uidValidity,
      async list({ unreadOnly, limit }) {
        const found = await client.search(unreadOnly ? { seen: false } : { all: true }, { uid: true });
        const uids = (found || []).sort((a, b) => a - b).slice(0, limit);
        return fetchListed(uids);
      },
      async recent(limit) {
        const found = await client.search({ all: true }, { uid: true });
        const uids = (found || []).sort((a, b) => b - a).slice(0, limit);
        return (await fetchListed(uids)).reverse();
      },
      async find(uid) {
        return (await fetchListed([uid]))[0] ?? null;
      },
      async read(uid, maxBytes) {
        const message = await client.fetchOne(
          String(uid),
          { uid: true, source: { maxLength: maxBytes } },
          { uid: true },
        );
        return message && message.source ? message.source : null;
      },
      async act(uid, afterImport, moveTo) {
        if (afterImport === "move") {
          await client.mailboxCreate(moveTo).catch(() => {});
          await client.messageMove(String(uid), moveTo, { uid: true });
        } else await client.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
      },
      async close() {
        await client.logout().catch(() => client.close());
      },
    };
  } catch (error) {
    client.close();
    throw error;
  }
}
