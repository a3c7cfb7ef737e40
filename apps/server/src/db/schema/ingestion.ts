import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./columns";

/**
 * Everything that entered the archive, one row per file, with where it came from (upload, folder,
 * mail, import), how far it got and why it stopped. A file from the watched folder is claimed by
 * inserting its row: the unique key (path, size, modification time, contents) lets exactly one
 * process take it, however many scan the folder at once.
 */
export const ingestionItems = pgTable(
  "ingestion_items",
  {
    id: id(),
    source: text("source").notNull(),
    /** What the Ingestion card shows: a folder file's path under the folder, an upload's file name. */
    name: text("name").notNull(),
    /** The claim key of a folder file (null for uploads and imports). */
    path: text("path"),
    size: bigint("size", { mode: "number" }),
    /** stat's mtimeMs as text: a fraction of a millisecond still tells two writes apart. */
    mtime: text("mtime"),
    sha256: text("sha256"),
    /** queued | done | duplicate | failed | changed (contracts' ingestionStates). */
    state: text("state").notNull(),
    reason: text("reason"),
    /** The document it became (no foreign key: this file stands apart from the archive's tables). */
    documentId: text("document_id"),
    /** Where the file is now, under the folder: where it was found, then processed/… or failed/…. */
    location: text("location"),
    /** Where it is being moved to: written before the rename, so a crash in between is finished. */
    destination: text("destination"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ingestion_items_claim_idx")
      .on(t.source, t.path, t.size, t.mtime, t.sha256)
      .where(sql`path is not null`),
    index("ingestion_items_created_idx").on(t.createdAt),
    index("ingestion_items_document_idx").on(t.documentId),
    // A mail item is its message (path: the account and Message-ID) and its contents: taken once.
    uniqueIndex("ingestion_items_mail_idx")
      .on(t.path, t.sha256)
      .where(sql`source = 'mail'`),
  ],
);

/**
 * What each source last saw (the folder: when it was scanned, the files waiting to settle with the
 * size and time first seen, and the files it skipped and why), shared by every process.
 */
export const ingestionSources = pgTable("ingestion_sources", {
  name: text("name").primaryKey(),
  lastScanAt: at("last_scan_at"),
  status: jsonb("status").notNull().default({}),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/**
 * An IMAP mailbox Quire reads (Settings › Ingestion). The password is sealed with the data
 * directory's key (lib/sealed.ts) and never leaves the server. `nextPollAt` is when the tick next
 * queues its poll.
 */
export const mailAccounts = pgTable("mail_accounts", {
  id: id(),
  name: text("name").notNull(),
  host: text("host").notNull(),
  port: integer("port").notNull(),
  tls: boolean("tls").notNull(),
  username: text("username").notNull(),
  passwordSealed: text("password_sealed").notNull(),
  mailbox: text("mailbox").notNull(),
  pollSeconds: integer("poll_seconds").notNull(),
  afterImport: text("after_import").notNull(),
  moveTo: text("move_to").notNull().default(""),
  /** The rules in order (contracts' mailRuleSchema); the first that matches decides. */
  rules: jsonb("rules").notNull().default([]),
  nextPollAt: at("next_poll_at").notNull().defaultNow(),
  lastPollAt: at("last_poll_at"),
  lastError: text("last_error"),
  /** The mailbox's UIDVALIDITY at the last poll: a change means it was renumbered. */
  uidValidity: bigint("uid_validity", { mode: "number" }),
  createdAt: createdAt(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/**
 * One row per message an account took (or left): keyed by its Message-ID (or its contents' hash
 * when it has none), never by its UID, which a renumbered mailbox gives to another message. The
 * UIDVALIDITY and UID it had are kept to tell the story. `actedAt` says the message was marked or
 * moved, which happens only after the row and its documents are committed.
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => mailAccounts.id, { onDelete: "cascade" }),
    messageKey: text("message_key").notNull(),
    uidValidity: bigint("uid_validity", { mode: "number" }).notNull(),
    uid: bigint("uid", { mode: "number" }).notNull(),
    subject: text("subject").notNull(),
    /** done | failed | unmatched | retry */
    state: text("state").notNull(),
    reason: text("reason"),
    /** The account's rules as of this decision (an unmatched message is looked at again after a change). */
    rulesAt: at("rules_at").notNull(),
    actedAt: at("acted_at"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mail_messages_key_idx").on(t.accountId, t.messageKey)],
);
