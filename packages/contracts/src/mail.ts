import { z } from "zod";

/**
 * Mail ingestion: IMAP accounts an Admin adds in Settings › Ingestion, their rules, and the
 * dry-run that shows what a chosen message would become. The server enforces these; the form
 * states the same limits.
 */

/** Rules per account at most; the first that matches a message decides. */
export const MAX_MAIL_RULES = 50;

/** What a message is checked against: every condition given must hold (case aside, "contains"). */
export const mailRuleSchema = z.object({
  from: z.string().trim().max(200).default(""),
  to: z.string().trim().max(200).default(""),
  subject: z.string().trim().max(200).default(""),
  /** An attachment's name contains this; only such attachments are taken. */
  attachment: z.string().trim().max(200).default(""),
  /** The category's name, created on first use as the watched folder's sub-folders are. */
  category: z.string().trim().min(1, "Name a category").max(100),
  tags: z.array(z.string().trim().min(1).max(50)).max(30).default([]),
  /** Username of the documents' owner; empty means the first Admin. */
  owner: z.string().trim().max(100).default(""),
  /** A message with no attachment Quire takes becomes a document of its text. */
  importBody: z.boolean().default(false),
});
export type MailRule = z.infer<typeof mailRuleSchema>;

export const mailAfterImports = ["seen", "move"] as const;
export const mailAfterImportSchema = z.enum(mailAfterImports);
export type MailAfterImport = z.infer<typeof mailAfterImportSchema>;

const mailAccountFields = {
  name: z.string().trim().min(1, "Name the account").max(100),
  host: z
    .string()
    .trim()
    .min(1, "Give the IMAP server's host name")
    .max(253)
    .regex(/^[A-Za-z0-9.:[\]-]+$/, "A host name has letters, digits, dots and dashes only"),
  port: z.number().int().min(1).max(65535),
  tls: z.boolean(),
  username: z.string().trim().min(1, "Give the mailbox's user name").max(200),
  mailbox: z.string().trim().min(1).max(200).default("INBOX"),
  /** How often the mailbox is read, in seconds. */
  pollSeconds: z.number().int().min(30).max(86_400).default(300),
  /** What happens to a message once its documents are committed: marked read, or moved. */
  afterImport: mailAfterImportSchema.default("seen"),
  moveTo: z.string().trim().max(200).default(""),
  rules: z.array(mailRuleSchema).max(MAX_MAIL_RULES).default([]),
};

function moveNeedsFolder(value: { afterImport?: MailAfterImport; moveTo?: string }): boolean {
  return value.afterImport !== "move" || Boolean(value.moveTo);
}
const moveNeedsFolderIssue = { message: "Name the folder to move messages to", path: ["moveTo"] };

/** POST /api/ingestion/mail/accounts: the password is required. */
export const mailAccountCreateSchema = z
  .object({ ...mailAccountFields, password: z.string().min(1, "Give the password").max(500) })
  .refine(moveNeedsFolder, moveNeedsFolderIssue);
export type MailAccountCreate = z.infer<typeof mailAccountCreateSchema>;

/** PUT /api/ingestion/mail/accounts/:id: an empty or absent password keeps the stored one. */
export const mailAccountUpdateSchema = z
  .object({ ...mailAccountFields, password: z.string().max(500).optional() })
  .refine(moveNeedsFolder, moveNeedsFolderIssue);
export type MailAccountUpdate = z.infer<typeof mailAccountUpdateSchema>;

/** An account as the API shows it: never its password. */
export const mailAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  host: z.string(),
  port: z.number(),
  tls: z.boolean(),
  username: z.string(),
  mailbox: z.string(),
  pollSeconds: z.number(),
  afterImport: mailAfterImportSchema,
  moveTo: z.string(),
  rules: z.array(mailRuleSchema),
  lastPollAt: z.string().nullable(),
  /** Why the last poll could not read the mailbox, if it could not. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type MailAccount = z.infer<typeof mailAccountSchema>;

/** A recent message of the mailbox, to choose for a dry-run. */
export const mailMessageSummarySchema = z.object({
  uid: z.number().int(),
  subject: z.string(),
  from: z.string(),
  date: z.string().nullable(),
});
export type MailMessageSummary = z.infer<typeof mailMessageSummarySchema>;

export const mailDryRunBodySchema = z.object({ uid: z.number().int().positive() });

/** One document a message would become. */
export const mailPlannedDocumentSchema = z.object({
  kind: z.enum(["attachment", "body"]),
  filename: z.string(),
  title: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  owner: z.string(),
});
export type MailPlannedDocument = z.infer<typeof mailPlannedDocumentSchema>;

/** POST /api/ingestion/mail/accounts/:id/dry-run: the rule a message matches and what it would become. */
export const mailDryRunSchema = z.object({
  message: z.object({
    uid: z.number().int(),
    subject: z.string(),
    from: z.string(),
    to: z.string(),
    messageId: z.string().nullable(),
  }),
  /** The matching rule's position (from 1) in the account's list, or null when none matches. */
  ruleNumber: z.number().int().nullable(),
  documents: z.array(mailPlannedDocumentSchema),
  /** Attachments left out, and why. */
  skipped: z.array(z.object({ filename: z.string(), reason: z.string() })),
  /** Why the whole message would fail (too deep, too large), if it would. */
  refused: z.string().nullable(),
  /** The message was already taken: polling leaves it as it is. */
  alreadyTaken: z.boolean(),
});
export type MailDryRun = z.infer<typeof mailDryRunSchema>;
