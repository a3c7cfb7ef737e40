import { accessLevels, documentStatuses, everyoneAccessLevels } from "@quire/contracts";
import { sql } from "drizzle-orm";
import {
  bigserial,
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
import { at, bytea, createdAt, id, tsvector } from "./columns";

export * from "./schema-operations";
export * from "./schema-search-stats";
export * from "./schema-ingestion";

/** The status column holds only the contracts' statuses: a typo in SQL or code fails, not stores. */
export const documentStatusEnum = pgEnum("document_status", documentStatuses);
/** Where a person may act (contracts' access levels); `everyone_access` adds `none`. */
export const accessLevelEnum = pgEnum("access_level", accessLevels);
export const everyoneAccessEnum = pgEnum("everyone_access", everyoneAccessLevels);

export const users = pgTable(
  "users",
  {
    id: id(),
    username: text("username").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull(),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    disabledAt: at("disabled_at"),
    createdAt: createdAt(),
    /** Set for users created by single sign-on: the provider's (issuer, subject) pair names the person. */
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    /** Group names from the provider's groups claim at the last sign-in (empty for local accounts). */
    oidcGroups: jsonb("oidc_groups").$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex("users_oidc_identity_idx").on(t.oidcIssuer, t.oidcSubject)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the cookie's token: a leaked table does not leak usable sessions. */
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    /**
     * When this session's person signed in again at the identity provider with prompt=login and
     * max_age=0 to sign a decision (approvals/signing.ts); null for every other session.
     */
    reauthenticatedAt: at("reauthenticated_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: at("last_used_at"),
    expiresAt: at("expires_at"),
    revokedAt: at("revoked_at"),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId)],
);

export const categories = pgTable("categories", {
  id: id(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  icon: text("icon").notNull().default("fas fa-folder"),
  color: text("color").notNull().default("gray"),
  /** What every signed-in user may do here; groups in category_group_access may get more. */
  everyoneAccess: everyoneAccessEnum("everyone_access").notNull().default("edit"),
  /** How many months an effective document of this category stays valid before its periodic review. */
  reviewIntervalMonths: integer("review_interval_months"),
  createdAt: createdAt(),
});

export const groups = pgTable("groups", {
  id: id(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  createdAt: createdAt(),
});

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("group_members_user_idx").on(t.userId)],
);

export const categoryGroupAccess = pgTable(
  "category_group_access",
  {
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    access: accessLevelEnum("access").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.groupId] }),
    index("category_group_access_group_idx").on(t.groupId),
  ],
);

export const blobs = pgTable("blobs", {
  sha256: text("sha256").primaryKey(),
  size: integer("size").notNull(),
  createdAt: createdAt(),
});

/**
 * Original bytes when BLOB_STORE=db (scale-out); the file system keeps them otherwise. Like the
 * file system it is written before the metadata row in `blobs`, so it has no foreign key to it;
 * the orphan sweep removes bytes no `blobs` row claims.
 */
export const blobData = pgTable("blob_data", {
  sha256: text("sha256").primaryKey(),
  bytes: bytea("bytes").notNull(),
  /** Renewed by every put of the same bytes: the sweep spares anything an upload may be about to claim. */
  storedAt: at("stored_at").notNull().defaultNow(),
});

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
 * A long text on its way into one value (a version's `content`, the search model's setting), a
 * piece of at most 100,000 characters per row under the key of what it is for: written before
 * the transaction that stores the value, one statement each, and assembled by the database inside
 * it (db/text-pieces.ts), so no statement carries a whole text. That transaction deletes them;
 * pieces no transaction claimed (it failed, the process died) are swept with the orphan originals.
 */
export const textPieces = pgTable(
  "text_pieces",
  {
    key: text("key").notNull(),
    ordinal: integer("ordinal").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.key, t.ordinal] })],
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

/** Search passages of each document's current version. */
export const chunks = pgTable(
  "chunks",
  {
    id: id(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    versionId: text("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    heading: text("heading"),
    text: text("text").notNull(),
    tsv: tsvector("tsv").notNull(),
    embedding: bytea("embedding"),
  },
  (t) => [index("chunks_document_idx").on(t.documentId), index("chunks_tsv_idx").using("gin", t.tsv)],
);

export const approvals = pgTable(
  "approvals",
  {
    id: id(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    round: integer("round").notNull(),
    version: integer("version").notNull(),
    stage: text("stage").notNull(),
    submittedBy: text("submitted_by")
      .notNull()
      .references(() => users.id),
    approverId: text("approver_id")
      .notNull()
      .references(() => users.id),
    approverStatus: text("approver_status").notNull().default("Pending"),
    approverComment: text("approver_comment"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    /** The round's own copy of its category's template (SnapshotStage[]): later edits never reach it. */
    template: jsonb("template").notNull(),
    /** The open stage's index in `template` (the last one it reached once the round ended). */
    step: integer("step").notNull().default(0),
    /** The UTC date the open stage is due, or null. */
    dueOn: date("due_on", { mode: "string" }),
    /** Notices sent for the open stage's due date: 0 none, 1 the day before, 2 on the day, 3 escalated. */
    noticeLevel: integer("notice_level").notNull().default(0),
  },
  (t) => [
    uniqueIndex("approvals_document_round_idx").on(t.documentId, t.round),
    index("approvals_due_idx").on(t.dueOn),
  ],
);

export const approvalReviewers = pgTable(
  "approval_reviewers",
  {
    approvalId: text("approval_id")
      .notNull()
      .references(() => approvals.id, { onDelete: "cascade" }),
    reviewerId: text("reviewer_id")
      .notNull()
      .references(() => users.id),
    position: integer("position").notNull(),
    status: text("status").notNull().default("Pending"),
    comment: text("comment"),
    updatedAt: at("updated_at").notNull().defaultNow(),
    /** The template stage this assignee belongs to. */
    stageIndex: integer("stage_index").notNull().default(0),
    /** Set on a group's members: the first of them to act settles the group's place. */
    groupId: text("group_id").references(() => groups.id, { onDelete: "set null" }),
    /** Set when reviewer_id acts for this user, who was out of office when the stage opened. */
    onBehalfOf: text("on_behalf_of").references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.approvalId, t.reviewerId] }),
    index("approval_reviewers_reviewer_idx").on(t.reviewerId),
  ],
);

/**
 * Append-only: every state change writes one entry in its own transaction (modules/activity's
 * withTransaction); nothing updates or deletes. `subjectType`/`subjectId` name what changed; the
 * document and approval columns are set where the change concerns one, so a document's history
 * and an approval round's log are one indexed read. `userId` is null only for anonymous actions
 * (the public waitlist); `ip` is the request's address as the server sees it (TRUST_PROXY).
 */
export const activity = pgTable(
  "activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    subjectType: text("subject_type").notNull().default("document"),
    subjectId: text("subject_id"),
    documentId: text("document_id").references(() => documents.id, { onDelete: "cascade" }),
    approvalId: text("approval_id").references(() => approvals.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    userId: text("user_id").references(() => users.id),
    /** Quire itself acted (processing, import, schedules): no person, and no user row to list or pick. */
    systemActor: boolean("system_actor").notNull().default(false),
    comment: text("comment"),
    data: jsonb("data").$type<Record<string, unknown>>(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_document_idx").on(t.documentId, t.createdAt),
    index("activity_created_idx").on(t.createdAt),
    index("activity_subject_idx").on(t.subjectType, t.subjectId),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** What the title and body are made of (contracts' notificationMessageSchema); null on older rows. */
    message: jsonb("message").$type<Record<string, unknown>>(),
    link: text("link").notNull(),
    documentId: text("document_id").references(() => documents.id, { onDelete: "cascade" }),
    readAt: at("read_at"),
    /** A request to act that the round ended before it was answered: no longer needed, and read. */
    supersededAt: at("superseded_at"),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);

export const userPreferences = pgTable("user_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailNotifications: boolean("email_notifications").notNull().default(true),
  reviewReminders: boolean("review_reminders").notNull().default(true),
  approvalAlerts: boolean("approval_alerts").notNull().default(true),
  /** Where e-mail copies of notifications go; null: in-app only. */
  emailAddress: text("email_address"),
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

export const searchLog = pgTable(
  "search_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    query: text("query").notNull(),
    resultCount: integer("result_count").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("search_log_created_idx").on(t.createdAt)],
);

/** A category's approval template (ApprovalTemplate's stages); a category without one uses the default. */
export const approvalTemplates = pgTable("approval_templates", {
  categoryId: text("category_id")
    .primaryKey()
    .references(() => categories.id, { onDelete: "cascade" }),
  stages: jsonb("stages").notNull(),
  updatedAt: at("updated_at").notNull().defaultNow(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** A user's out-of-office: from and until (inclusive, UTC dates) their delegate acts for them. */
export const outOfOffice = pgTable("out_of_office", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  startsOn: date("starts_on", { mode: "string" }).notNull(),
  endsOn: date("ends_on", { mode: "string" }).notNull(),
  delegateId: text("delegate_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});

/**
 * One signed entry per decision on an approval round: who signed, when, what it meant, on which
 * version and text. Append-only: no code path updates or deletes a row, and a database trigger
 * refuses UPDATE and DELETE. `payload` is the record's RFC 8785 canonical JSON
 * exactly as it was signed; the other columns repeat what lists and lookups need.
 */
export const approvalRecords = pgTable(
  "approval_records",
  {
    id: id(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    approvalId: text("approval_id")
      .notNull()
      .references(() => approvals.id),
    round: integer("round").notNull(),
    signerId: text("signer_id")
      .notNull()
      .references(() => users.id),
    signedAt: at("signed_at").notNull(),
    meaning: text("meaning").notNull(),
    payload: text("payload").notNull(),
    /** Ed25519 signature of `payload`, lowercase hex. */
    signature: text("signature").notNull(),
    /** sha256 of the signing key's public key (SPKI DER), lowercase hex. */
    keyId: text("key_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("approval_records_approval_idx").on(t.approvalId, t.signedAt),
    index("approval_records_document_idx").on(t.documentId),
  ],
);

/** A category's signing rule: whether a decision there must be confirmed by re-entering the password. */
export const categorySigning = pgTable("category_signing", {
  categoryId: text("category_id")
    .primaryKey()
    .references(() => categories.id, { onDelete: "cascade" }),
  requiresPassword: boolean("requires_password").notNull().default(false),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/**
 * A read-and-acknowledge campaign: one per effective version of a document, asking chosen groups
 * (or everyone who can read it) to confirm they read that version. At most one is open per document;
 * a newer effective version closes it and opens the next for the same audience. The version's
 * hashes are taken once, when it opens, and copied into every acknowledgment.
 */
export const acknowledgementCampaigns = pgTable(
  "acknowledgement_campaigns",
  {
    id: id(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    version: integer("version").notNull(),
    everyone: boolean("everyone").notNull().default(false),
    startedBy: text("started_by").references(() => users.id),
    startedAt: at("started_at").notNull(),
    closedAt: at("closed_at"),
    supersededByVersion: integer("superseded_by_version"),
    /** When the pending people were last reminded (null: not yet). */
    remindedAt: at("reminded_at"),
    originalSha256: text("original_sha256").notNull(),
    markdownSha256: text("markdown_sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("acknowledgement_campaigns_version_idx").on(t.documentId, t.version),
    uniqueIndex("acknowledgement_campaigns_open_idx")
      .on(t.documentId)
      .where(sql`${t.closedAt} is null`),
  ],
);

/** The groups a campaign asks; a deleted group leaves its campaigns' audience. */
export const acknowledgementCampaignGroups = pgTable(
  "acknowledgement_campaign_groups",
  {
    campaignId: text("campaign_id")
      .notNull()
      .references(() => acknowledgementCampaigns.id, { onDelete: "cascade" }),
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.groupId] })],
);

/**
 * One person's acknowledgment of one effective version. Append-only: no code path changes or
 * deletes a row, and a database trigger refuses UPDATE and DELETE; one per person and campaign.
 */
export const acknowledgements = pgTable(
  "acknowledgements",
  {
    id: id(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => acknowledgementCampaigns.id),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    version: integer("version").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    originalSha256: text("original_sha256").notNull(),
    markdownSha256: text("markdown_sha256").notNull(),
    acknowledgedAt: at("acknowledged_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("acknowledgements_campaign_user_idx").on(t.campaignId, t.userId),
    index("acknowledgements_user_idx").on(t.userId),
  ],
);

/**
 * Comments on a document, beside its review rounds: a thread is its first comment (threadId null)
 * and the replies naming it. Each comment keeps the version it was made on; a thread may quote the
 * passage of that version it is about. A deleted comment keeps its row without its text, so the
 * thread it opened still reads in order and the history still names it.
 */
export const comments = pgTable(
  "comments",
  {
    id: id(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    // No foreign key to itself: a restore inserts rows in pages of any order, replies before
    // their thread's first comment; comments are never removed, so the id always names one.
    threadId: text("thread_id"),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id),
    version: integer("version").notNull(),
    /** Null once deleted. */
    body: text("body"),
    anchorQuote: text("anchor_quote"),
    anchorSection: text("anchor_section"),
    createdAt: at("created_at").notNull(),
    editedAt: at("edited_at"),
    deletedAt: at("deleted_at"),
    /** Set on a thread's first comment while the thread is resolved. */
    resolvedAt: at("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id),
  },
  (t) => [
    index("comments_document_idx").on(t.documentId, t.createdAt),
    index("comments_thread_idx").on(t.threadId),
  ],
);

/** Who a comment mentions (each was told once, when first mentioned). */
export const commentMentions = pgTable(
  "comment_mentions",
  {
    commentId: text("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index("comment_mentions_user_idx").on(t.userId)],
);
