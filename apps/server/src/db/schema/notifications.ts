import { boolean, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./columns";
import { documents } from "./documents";
import { users } from "./users";

/** What each person is told in the app, and how they want to be told by e-mail. */

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
