import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./columns";
import { categories, groups } from "./access";
import { documents } from "./documents";
import { users } from "./users";

/** Review and approval rounds, their templates and signing rules per category, signed decisions, and delegation while out of office. */

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
