import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface Received {
  to: string[];
  /** The message as sent, its quoted-printable body decoded for plain ASCII (see `decodeQuotedPrintable`). */
  raw: string;
  /** The message exactly as it arrived, for a parser that decodes any charset. */
  source: Buffer;
}

/** Undoes the quoted-printable body encoding (soft line breaks, =XX) of plain ASCII mail. */
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A received message's subject, text and headers, every encoding undone (UTF-8 subjects included). */
export async function parsed(received: Received) {
  const mail = await simpleParser(received.source);
  return { subject: mail.subject ?? "", text: mail.text ?? "", headers: mail.headers };
}

/** A real SMTP server on a free port that keeps what it receives. */
export async function startMailbox(): Promise<{
  url: string;
  received: Received[];
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const source = Buffer.concat(chunks);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeQuotedPrintable(source.toString("utf8")),
          source,
        });
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
