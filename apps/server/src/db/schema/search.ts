import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
} from "drizzle-orm/pg-core";
import { bytea, createdAt, id, tsvector } from "./columns";
import { documents, versions } from "./documents";
import { users } from "./users";

/** What search reads: the passages it matches, the searches people ran, and BM25's statistics. */

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

/** The search statistics: no foreign keys (triggers keep them exact, not constraints). */

/**
 * The search index's statistics for BM25, kept exact by triggers on `chunks` (migration
 * 0004_search_stats) in the transaction that changes the passages: one row per (lexeme, passage)
 * with its term frequency per field, and the passage's body length.
 */
export const searchPostings = pgTable(
  "search_postings",
  {
    lexeme: text("lexeme").notNull(),
    chunkId: text("chunk_id").notNull(),
    documentId: text("document_id").notNull(),
    titleTf: smallint("title_tf").notNull(),
    tagsTf: smallint("tags_tf").notNull(),
    bodyTf: smallint("body_tf").notNull(),
    bodyLength: integer("body_length").notNull(),
    positions: smallint("positions").array().notNull(),
    /** A length-normalised term weight fixed at write time: the order in which a common lexeme's passages are read. */
    impact: real("impact").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lexeme, t.chunkId] }),
    index("search_postings_impact_idx").on(t.lexeme, t.impact.desc()),
  ],
);

/** Passages holding each lexeme (document frequency), read per query without touching the postings. */
export const searchTerms = pgTable("search_terms", {
  lexeme: text("lexeme").primaryKey(),
  df: integer("df").notNull(),
});

/** One row (id 1): passages and documents indexed and their total body length, for the average lengths. */
export const searchStats = pgTable("search_stats", {
  id: integer("id").primaryKey(),
  passages: bigint("passages", { mode: "number" }).notNull(),
  bodyTerms: bigint("body_terms", { mode: "number" }).notNull(),
  documents: bigint("documents", { mode: "number" }).notNull().default(0),
  /**
   * A new value (from the sequence search_generation) whenever passages are added or removed:
   * what search's cache of posting lists is keyed by (modules/search/posting-cache.ts).
   */
  generation: bigint("generation", { mode: "number" }).notNull().default(0),
});

/** Per indexed document: its passages and body length (a whole-document BM25 needs its length). */
export const searchDocuments = pgTable("search_documents", {
  documentId: text("document_id").primaryKey(),
  passages: integer("passages").notNull(),
  bodyTerms: integer("body_terms").notNull(),
});
