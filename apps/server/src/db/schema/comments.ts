import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { documents } from "./documents";
import { users } from "./users";

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
