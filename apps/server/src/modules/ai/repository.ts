import type { DocumentStatus } from "@quire/contracts";
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories, chunks, documents, summaries, systemState, versions } from "../../db/schema";
import { isCurrentVersion, isPublishedVersion } from "../documents/repository";
import { subjectSelection, type SuggestionSubject } from "./suggestion-repository";

/** A document's current version with what the AI features look at: the suggestion's subject and its text. */
export interface ArchiveDocument extends SuggestionSubject {
  content: string;
}

const archiveSelection = { ...subjectSelection, content: versions.content };

type ArchiveRow = { [K in keyof typeof archiveSelection]: unknown };

function toArchiveDocument(row: ArchiveRow): ArchiveDocument {
  return {
    id: row.id as string,
    title: row.title as string,
    status: row.status as DocumentStatus,
    categoryId: row.categoryId as string,
    ownerId: row.ownerId as string,
    currentVersion: row.currentVersion as number,
    archived: row.archivedAt !== null,
    updatedAt: row.updatedAt as Date,
    content: row.content as string,
  };
}

/** Current versions of the documents matching `where` (e.g. what an actor may list). */
export async function listArchiveDocuments(
  db: Database,
  where: SQL | undefined,
  published = false,
): Promise<ArchiveDocument[]> {
  const rows = await db
    .select(archiveSelection)
    .from(documents)
    .innerJoin(versions, published ? isPublishedVersion : isCurrentVersion)
    .where(where)
    // Title first: the classifier's cross-validation folds follow this order, and ids are random,
    // so ordering by id alone gave the same archive different predictions from one install to the next.
    .orderBy(asc(documents.title), asc(documents.id));
  return rows.map(toArchiveDocument);
}

/**
 * (id, category, version, text length) of every live document matching `where` (the classifier's
 * training set): a cheap fingerprint of it. The length moves when OCR fills a scanned version's
 * text in place (same version); octet_length reads a stored text's size without fetching the text.
 */
export async function trainingSetKeys(db: Database, where?: SQL, published = false): Promise<string[]> {
  const rows = await db
    .select({
      id: documents.id,
      categoryId: documents.categoryId,
      version: documents.currentVersion,
      length: sql<number>`octet_length(${versions.content})`,
    })
    .from(documents)
    .leftJoin(versions, published ? isPublishedVersion : isCurrentVersion)
    .where(and(isNull(documents.archivedAt), where))
    .orderBy(asc(documents.id));
  return rows.map((r) => `${r.id}:${r.categoryId}:${r.version}:${r.length}`);
}

export async function listCategoryNames(db: Database): Promise<Map<string, string>> {
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findCachedSummary(db: Database, documentId: string, version: number) {
  const [row] = await db
    .select()
    .from(summaries)
    .where(and(eq(summaries.documentId, documentId), eq(summaries.version, version)))
    .limit(1);
  return row ?? null;
}

export async function storeSummary(
  db: Database,
  documentId: string,
  version: number,
  data: unknown,
  at: Date,
): Promise<void> {
  await db
    .insert(summaries)
    .values({ documentId, version, data, createdAt: at })
    .onConflictDoUpdate({ target: [summaries.documentId, summaries.version], set: { data, createdAt: at } });
}

/** Suggestions that were applied or dismissed, so they are not offered again. */
const RESOLVED_PREFIX = "ai.suggestion.resolved:";

export async function resolvedSuggestionIds(db: Database): Promise<Set<string>> {
  const rows = await db
    .select({ key: systemState.key })
    .from(systemState)
    .where(sql`${systemState.key} like ${`${RESOLVED_PREFIX}%`}`);
  return new Set(rows.map((r) => r.key.slice(RESOLVED_PREFIX.length)));
}

export async function markSuggestionResolved(
  db: Database,
  id: string,
  value: { outcome: "applied" | "dismissed"; by: string; message: string },
  at: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(systemState)
    .values({ key: `${RESOLVED_PREFIX}${id}`, value, updatedAt: at })
    .onConflictDoNothing()
    .returning({ key: systemState.key });
  return inserted.length > 0;
}

/** Each passage's 0-based position in its version, for citations that link to the passage. */
export async function passageOrdinals(db: Database, passageIds: string[]): Promise<Map<string, number>> {
  if (passageIds.length === 0) return new Map();
  const rows = await db
    .select({ id: chunks.id, ordinal: chunks.ordinal })
    .from(chunks)
    .where(inArray(chunks.id, passageIds));
  return new Map(rows.map((row) => [row.id, row.ordinal]));
}

/** Every document's title (archived ones too): only word frequencies are made from them, never shown. */
/** Every document's title, with its current version's detected language (null if undetermined). */
export async function allDocumentTitles(
  db: Database,
): Promise<Array<{ title: string; language: string | null }>> {
  return db
    .select({ title: documents.title, language: versions.language })
    .from(documents)
    .leftJoin(versions, isCurrentVersion);
}
