import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./columns";
import { groups } from "./access";
import { documents } from "./documents";
import { users } from "./users";

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
