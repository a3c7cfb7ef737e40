import { documentStatuses } from "@quire/contracts";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at, bytea, createdAt, id } from "./columns";
import { categories, groups } from "./access";
import { blobs } from "./storage";
import { users } from "./users";

/** The archive itself: documents, who may read a restricted one, their versions and what is computed from them. */

/** The status column holds only the contracts' statuses: a typo in SQL or code fails, not stores. */
export const documentStatusEnum = pgEnum("document_status", documentStatuses);

export const documents = pgTable(
  "documents",
  {
    id: id(),
    title: text("title").notNull(),
    status: documentStatusEnum("status").notNull().default("Draft"),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    currentVersion: integer("current_version").notNull().default(1),
    processingState: text("processing_state").notNull().default("processing"),
    processingError: text("processing_error"),
    archivedAt: at("archived_at"),
    /** Narrowed to the users and groups in document_user_access / document_group_access (plus owner, Admins). */
    restricted: boolean("restricted").notNull().default(false),
    /** The last approved version: what readers who may not see a revision in progress read. */
    effectiveVersion: integer("effective_version"),
    /** When the effective version was approved. */
    effectiveAt: at("effective_at"),
    /** The date the effective version took effect, for its periodic review: the approval's day unless the owner confirmed another. */
    effectiveOn: date("effective_on", { mode: "string" }),
    /** The owner's own review interval; null follows the category's. */
    reviewIntervalMonths: integer("review_interval_months"),
    /** When the effective version was last confirmed still valid (null: since it was approved). */
    reviewConfirmedAt: at("review_confirmed_at"),
    /** The UTC date the effective version is due for its periodic review, or null. */
    nextReviewOn: date("next_review_on", { mode: "string" }),
    /** Reminders sent about next_review_on: 0 none, 1 it is due, 2 it lapsed (each goes out once). */
    reviewNoticeLevel: integer("review_notice_level").notNull().default(0),
    /** Quire chose the category (none was given at upload); cleared once someone confirms or moves it. */
    autoFiled: boolean("auto_filed").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("documents_next_review_idx").on(t.nextReviewOn),
    index("documents_category_idx").on(t.categoryId),
    index("documents_owner_idx").on(t.ownerId),
    index("documents_updated_idx").on(t.updatedAt),
  ],
);

export const documentUserAccess = pgTable(
  "document_user_access",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.userId] }),
    index("document_user_access_user_idx").on(t.userId),
  ],
);

export const documentGroupAccess = pgTable(
  "document_group_access",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.groupId] }),
    index("document_group_access_group_idx").on(t.groupId),
  ],
);

export const versions = pgTable(
  "versions",
  {
    id: id(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    content: text("content").notNull(),
    changeNote: text("change_note"),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id),
    blobSha256: text("blob_sha256")
      .notNull()
      .references(() => blobs.sha256),
    originalFilename: text("original_filename").notNull(),
    mediaType: text("media_type").notNull(),
    size: integer("size").notNull(),
    /**
     * The original is Quire's rendition of text edited in the app (a Word file when the document
     * was a Word file, else the markdown), not a file someone uploaded.
     */
    originalFromText: boolean("original_from_text").notNull().default(false),
    /** Detected from the text at processing (eng, deu, fra, spa, ita, nld); null if undetermined. */
    language: text("language"),
    /**
     * A small WebP of the first page, drawn at processing (documents/thumbnail-step.ts); null
     * until then, or when it could not be drawn. A blob row claims it, like an original.
     */
    thumbnailSha256: text("thumbnail_sha256").references(() => blobs.sha256),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("versions_document_version_idx").on(t.documentId, t.version)],
);

/**
 * What the dashboard's suggestions need of a version, computed from its text once, when it is
 * processed: a near-duplicate sketch of bounded size and the review date its opening lines state.
 * `content_bytes` is the text's size when they were computed: a version whose text changed in
 * place since (OCR) has none until it is processed again.
 */
export const versionFacts = pgTable("version_facts", {
  versionId: text("version_id")
    .primaryKey()
    .references(() => versions.id, { onDelete: "cascade" }),
  contentBytes: integer("content_bytes").notNull(),
  /** MinHash signature: 64 unsigned 32-bit values, little-endian. */
  minhash: bytea("minhash").notNull(),
  /** The smallest distinct shingle hashes, ascending, unsigned 32-bit little-endian. */
  smallest: bytea("smallest").notNull(),
  shingles: integer("shingles").notNull(),
  reviewValue: text("review_value"),
  reviewDate: at("review_date"),
  computedAt: at("computed_at").notNull(),
});

export const summaries = pgTable(
  "summaries",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    data: jsonb("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.version] })],
);
