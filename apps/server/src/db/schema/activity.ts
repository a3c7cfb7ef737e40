import { bigserial, boolean, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { approvals } from "./approvals";
import { documents } from "./documents";
import { users } from "./users";

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
