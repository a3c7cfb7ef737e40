import { searchableText } from "@quire/textkit";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { chunks, documents, versions } from "../../db/schema";
import { isPublishedVersion } from "../documents/repository";

/**
 * The search index's write path: a document's passages replaced or removed (the triggers of
 * migrations 0004, 0005 and 0010 keep the BM25 statistics in step), sized so PGlite's thread is
 * never held long.
 */
/** A passage ready to store: the tsvector is computed by the database from these fields. */
export interface PassageRow {
  ordinal: number;
  heading: string | null;
  text: string;
  embedding: Uint8Array | null;
  /** Distinct words, when known: what writing the passage costs the search index. */
  terms?: number;
}

export interface IndexSource {
  documentId: string;
  title: string;
  tags: string[];
  archived: boolean;
  versionId: string;
  version: number;
  content: string;
  /** The version's detected language (eng, deu, …), null if undetermined. */
  language: string | null;
  /** The text-search configuration its passages are analysed with (text-configs.ts); English if absent. */
  config?: string;
}

/**
 * The version the index holds: the effective one once a version was approved, so a revision in
 * draft or review is found by nobody (its readers open it from the document itself) and every
 * reader's results and excerpts come from text they may read; the current one before that.
 */
const isIndexedVersion = isPublishedVersion;

/** What the index needs of a document: its metadata and indexed version (null if it is gone). */
export async function loadIndexSource(db: Database, documentId: string): Promise<IndexSource | null> {
  const [row] = await db
    .select({
      documentId: documents.id,
      title: documents.title,
      tags: documents.tags,
      archivedAt: documents.archivedAt,
      versionId: versions.id,
      version: versions.version,
      content: versions.content,
      language: versions.language,
    })
    .from(documents)
    .innerJoin(versions, isIndexedVersion)
    .where(eq(documents.id, documentId))
    .limit(1);
  if (!row) return null;
  return { ...row, archived: row.archivedAt !== null };
}

/**
 * Title weighs A, tags B, heading and text C: a word in the title outranks the same word in the
 * body. Built in SQL so the lexemes are exactly PostgreSQL's, in the version's language's
 * configuration (`english` unless text-configs.ts says otherwise).
 */
export function weightedTsvector(
  title: string,
  tags: string[],
  heading: string | null,
  text: string,
  config = "english",
): SQL {
  const cfg = sql`${config}::regconfig`;
  return sql`setweight(to_tsvector(${cfg}, ${searchableText(title)}), 'A')
    || setweight(to_tsvector(${cfg}, ${searchableText(tags.join(", "))}), 'B')
    || setweight(to_tsvector(${cfg}, ${searchableText(`${heading ?? ""}\n${text}`)}), 'C')`;
}

/**
 * What one statement writes. Writing a passage costs its to_tsvector and, through the triggers, a
 * posting and a term count per distinct word: about 0.1 ms a posting in PGlite (0.7–1.4 ms before
 * migration 0010 stopped the postings insert recomputing the passage's length per posting), which
 * runs on the event loop. A statement pays a fixed ~10 ms besides (the trigger and its five
 * statements), so a statement holds at most 250 distinct words (passages counted whole: one of 300
 * distinct words goes alone) and 8,000 characters: about 30 ms idle, a few times that under load
 * (at 16,000 characters the hostile-text processing test failed once in three runs beside another
 * test file on a loaded machine). A register of 100,000 numbered lines (2,000 passages of ~55
 * distinct words) indexes in about 20 s idle; it took 105 s before 0010.
 */
export const PASSAGE_BATCH = { terms: 250, chars: 8_000 } as const;

/** Groups passages into statements within PASSAGE_BATCH; a passage over a budget goes alone. */
export function passageBatches(passages: PassageRow[]): PassageRow[][] {
  const out: PassageRow[][] = [];
  let batch: PassageRow[] = [];
  let terms = 0;
  let chars = 0;
  for (const p of passages) {
    const pTerms = p.terms ?? Math.ceil(p.text.length / 6);
    const pChars = p.text.length + (p.heading?.length ?? 0);
    if (batch.length > 0 && (terms + pTerms > PASSAGE_BATCH.terms || chars + pChars > PASSAGE_BATCH.chars)) {
      out.push(batch);
      batch = [];
      terms = 0;
      chars = 0;
    }
    batch.push(p);
    terms += pTerms;
    chars += pChars;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/** Old passages deleted per statement: their postings cost as much to remove as to add. */
const DELETE_BATCH = 5;

/** Lets timers and I/O (other requests) run between two statements of a long write. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function insertPassages(db: Database, source: IndexSource, passages: PassageRow[]): Promise<void> {
  await db.insert(chunks).values(
    passages.map((p) => ({
      documentId: source.documentId,
      versionId: source.versionId,
      ordinal: p.ordinal,
      heading: p.heading,
      text: p.text,
      tsv: weightedTsvector(source.title, source.tags, p.heading, p.text, source.config),
      embedding: p.embedding,
    })),
  );
}

/**
 * Replaces a document's passages. With `atomic`, in one transaction: searches see the old set or
 * the new, never a mix. Without, a statement at a time with the event loop free in between, for
 * PGlite and a long document: PGlite runs every query of every request on this thread, one at a
 * time, so one transaction over 5 million characters (about 20 s) would stall the whole server.
 * Searches meanwhile may see the document's passages partly replaced.
 */
export async function replacePassages(
  db: Database,
  source: IndexSource,
  passages: PassageRow[],
  options: { atomic: boolean } = { atomic: true },
): Promise<void> {
  const inserts = passageBatches(passages);
  if (options.atomic) {
    await db.transaction(async (tx) => {
      await tx.delete(chunks).where(eq(chunks.documentId, source.documentId));
      for (const batch of inserts) await insertPassages(tx, source, batch);
    });
    return;
  }
  const old = await db.select({ id: chunks.id }).from(chunks).where(eq(chunks.documentId, source.documentId));
  for (let start = 0; start < old.length; start += DELETE_BATCH) {
    await yieldToEventLoop();
    const ids = old.slice(start, start + DELETE_BATCH).map((c) => c.id);
    await db.delete(chunks).where(inArray(chunks.id, ids));
  }
  for (const batch of inserts) {
    await yieldToEventLoop();
    await insertPassages(db, source, batch);
  }
}

export async function deletePassages(db: Database, documentId: string): Promise<void> {
  await db.delete(chunks).where(eq(chunks.documentId, documentId));
}
