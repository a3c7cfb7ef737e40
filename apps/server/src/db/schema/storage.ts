import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { at, bytea, createdAt } from "./columns";

/** Stored bytes (originals' metadata and, with BLOB_STORE=db, the bytes) and long texts on their way in. */

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
