import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
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
