import { createHash } from "node:crypto";
import {
  hasAcceptedExtension,
  type MailDryRun,
  type MailPlannedDocument,
  type MailRule,
} from "@quire/contracts";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { titleFromFilename } from "../documents/upload";

/**
 * What a message becomes, decided the same way for the dry-run and for ingestion: the first rule
 * whose conditions all hold, the attachments Quire takes, or the message's text when the rule asks
 * for it. Pure apart from parsing, so the dry-run cannot disagree with what a poll then does.
 */

/** The largest message read at all (attachments arrive base64-encoded, a third larger). */
export const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;
/** Header bytes of a message at most (a hostile one can be megabytes of header lines). */
export const MAX_HEADER_BYTES = 256 * 1024;
/** Multiparts inside multiparts at most, and MIME parts in all. */
export const MAX_MIME_DEPTH = 8;
export const MAX_MIME_PARTS = 100;
/** Attachments of one message at most. */
export const MAX_ATTACHMENTS = 20;

export interface MessageFacts {
  messageId: string | null;
  subject: string;
  /** "Name <address>" of each sender, and of each recipient (To and Cc). */
  from: string[];
  to: string[];
  date: Date | null;
  text: string;
  attachments: Array<{ filename: string; bytes: Buffer }>;
}

export interface PlannedDocument extends MailPlannedDocument {
  bytes: Buffer;
  sha256: string;
}

export interface MessagePlan {
  ruleNumber: number | null;
  rule: MailRule | null;
  documents: PlannedDocument[];
  skipped: MailDryRun["skipped"];
}

/** A MIME tree as the IMAP server describes it (imapflow's bodyStructure). */
export interface MimeNode {
  childNodes?: MimeNode[] | undefined;
}

function measure(node: MimeNode, depth: number): { depth: number; parts: number } {
  let deepest = depth;
  let parts = 1;
  for (const child of node.childNodes ?? []) {
    const inner = measure(child, depth + 1);
    deepest = Math.max(deepest, inner.depth);
    parts += inner.parts;
  }
  return { depth: deepest, parts };
}

/** Why a message is refused before it is read, from its size and its structure; null when it may be. */
export function refusalBeforeReading(size: number, structure: MimeNode | undefined): string | null {
  if (size > MAX_MESSAGE_BYTES)
    return `The message is ${Math.ceil(size / 1024 / 1024)} MB: the limit is ${MAX_MESSAGE_BYTES / 1024 / 1024} MB`;
  if (!structure) return null;
  const shape = measure(structure, 0);
  if (shape.depth > MAX_MIME_DEPTH)
    return `The message nests MIME parts ${shape.depth} deep: the limit is ${MAX_MIME_DEPTH}`;
  if (shape.parts > MAX_MIME_PARTS)
    return `The message has ${shape.parts} MIME parts: the limit is ${MAX_MIME_PARTS}`;
  return null;
}

function headerLength(raw: Buffer): number {
  const crlf = raw.indexOf("\r\n\r\n");
  const lf = raw.indexOf("\n\n");
  const ends = [crlf, lf].filter((i) => i >= 0);
  return ends.length > 0 ? Math.min(...ends) : raw.length;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((group) =>
    group.value.map((a) => (a.name ? `${a.name} <${a.address ?? ""}>` : (a.address ?? ""))),
  );
}

/** Reads a message (its header size checked first); a message beyond the bounds throws with why. */
export async function readMessage(raw: Buffer): Promise<MessageFacts> {
  const head = headerLength(raw);
  if (head > MAX_HEADER_BYTES)
    throw new Error(
      `The message's header is ${Math.ceil(head / 1024)} KB: the limit is ${MAX_HEADER_BYTES / 1024} KB`,
    );
  const parsed: ParsedMail = await simpleParser(raw, {
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
    maxHtmlLengthToParse: 2 * 1024 * 1024,
  });
  const attachments = parsed.attachments
    .filter((a) => a.filename || a.contentDisposition === "attachment")
    .map((a) => ({ filename: a.filename ?? "attachment", bytes: a.content }));
  if (attachments.length > MAX_ATTACHMENTS)
    throw new Error(`The message has ${attachments.length} attachments: the limit is ${MAX_ATTACHMENTS}`);
  return {
    messageId: parsed.messageId?.trim() || null,
    subject: parsed.subject?.trim() ?? "",
    from: addresses(parsed.from),
    to: [...addresses(parsed.to), ...addresses(parsed.cc)],
    date: parsed.date ?? null,
    text: parsed.text ?? "",
    attachments,
  };
}

/** The key a message is taken once by: its Message-ID, else the hash of its contents (never its UID). */
export function messageKeyOf(messageId: string | null, raw: Buffer): string {
  return messageId ? `id:${messageId}` : `sha256:${createHash("sha256").update(raw).digest("hex")}`;
}

const contains = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

function matches(rule: MailRule, facts: MessageFacts): boolean {
  if (rule.from && !facts.from.some((f) => contains(f, rule.from))) return false;
  if (rule.to && !facts.to.some((t) => contains(t, rule.to))) return false;
  if (rule.subject && !contains(facts.subject, rule.subject)) return false;
  if (rule.attachment && !facts.attachments.some((a) => contains(a.filename, rule.attachment))) return false;
  return true;
}

const sha256Of = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A file name from the subject: no path separators or control characters, not too long. */
function bodyFilename(subject: string): string {
  const cleaned = subject
    // eslint-disable-next-line no-control-regex -- control characters are what is being removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ")
    .trim()
    .slice(0, 120);
  return `${cleaned || "Message"}.txt`;
}

function bodyText(facts: MessageFacts): string {
  const lines = [
    `From: ${facts.from.join(", ")}`,
    `To: ${facts.to.join(", ")}`,
    ...(facts.date ? [`Date: ${facts.date.toUTCString()}`] : []),
    `Subject: ${facts.subject}`,
    "",
    facts.text.trim(),
    "",
  ];
  return lines.join("\n");
}

/** Which rule a message matches and what documents it becomes. */
export function planMessage(rules: MailRule[], facts: MessageFacts): MessagePlan {
  const index = rules.findIndex((rule) => matches(rule, facts));
  const rule = index >= 0 ? rules[index] : undefined;
  if (!rule) return { ruleNumber: null, rule: null, documents: [], skipped: [] };
  const target = { category: rule.category, tags: rule.tags, owner: rule.owner };
  const documents: PlannedDocument[] = [];
  const skipped: MessagePlan["skipped"] = [];
  for (const { filename, bytes } of facts.attachments) {
    if (rule.attachment && !contains(filename, rule.attachment))
      skipped.push({ filename, reason: `Its name does not contain "${rule.attachment}"` });
    else if (!hasAcceptedExtension(filename))
      skipped.push({ filename, reason: "Not a kind of file Quire takes (PDF, DOCX, text, Markdown)" });
    else
      documents.push({
        kind: "attachment",
        filename,
        title: titleFromFilename(filename),
        ...target,
        bytes,
        sha256: sha256Of(bytes),
      });
  }
  if (documents.length === 0 && rule.importBody) {
    const bytes = Buffer.from(bodyText(facts), "utf8");
    documents.push({
      kind: "body",
      filename: bodyFilename(facts.subject),
      title: facts.subject || "(no subject)",
      ...target,
      bytes,
      sha256: sha256Of(bytes),
    });
  }
  return { ruleNumber: index + 1, rule, documents, skipped };
}
