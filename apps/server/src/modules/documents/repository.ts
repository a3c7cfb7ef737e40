import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories, documents, users, versions } from "../../db/schema";
import { readAll } from "../../db/read-all";

/**
 * Documents as their pages and lists read them, and the document row itself. Their versions are
 * version-repository.ts's, the figures counted over them count-queries.ts's.
 */

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = typeof documents.$inferInsert;
export type DocumentChanges = Partial<Omit<NewDocumentRow, "id">>;

/** Which documents a query selects; each field narrows it. Visibility is the policies' filter, added by the caller. */
export interface DocumentFilter {
  ids?: readonly string[];
  categoryId?: string | undefined;
  status?: DocumentRow["status"] | undefined;
  /** The status as the reader sees it (readableStatusSql); the stored one when absent. */
  statusAs?: SQL | undefined;
  /** false: only documents that are not archived. */
  archived?: false;
}

export function documentWhere(filter: DocumentFilter): SQL | undefined {
  return and(
    filter.ids !== undefined ? inArray(documents.id, [...filter.ids]) : undefined,
    filter.categoryId ? eq(documents.categoryId, filter.categoryId) : undefined,
    filter.status ? sql`${filter.statusAs ?? documents.status} = ${filter.status}` : undefined,
    filter.archived === false ? isNull(documents.archivedAt) : undefined,
  );
}

/** Lists carry a preview of the content, not every document's full text. */
export const LIST_PREVIEW_CHARS = 300;

const versionCount =
  sql<number>`(select count(*)::int from ${versions} v where v.document_id = ${documents.id})`.as(
    "version_count",
  );

function documentSelection(fullContent: boolean) {
  return {
    doc: documents,
    // What a document shows of its category (the contracts' Category without the actor's abilities).
    category: {
      id: categories.id,
      name: categories.name,
      description: categories.description,
      icon: categories.icon,
      color: categories.color,
    },
    owner: users.username,
    content: fullContent
      ? versions.content
      : sql<string>`left(${versions.content}, ${LIST_PREVIEW_CHARS})`.as("content_preview"),
    changeNote: versions.changeNote,
    originalFilename: versions.originalFilename,
    mediaType: versions.mediaType,
    language: versions.language,
    hasThumbnail: sql<boolean>`${versions.thumbnailSha256} is not null`.as("has_thumbnail"),
    versionCount,
    readVersion: versions.version,
    categoryReviewInterval: categories.reviewIntervalMonths,
  };
}

export type DocumentRecord = {
  doc: typeof documents.$inferSelect;
  category: Pick<typeof categories.$inferSelect, "id" | "name" | "description" | "icon" | "color">;
  owner: string;
  content: string;
  changeNote: string | null;
  originalFilename: string;
  mediaType: string;
  language: string | null;
  /** The read version has a thumbnail (documents/thumbnail-step.ts). */
  hasThumbnail: boolean;
  versionCount: number;
  /** The version whose text `content` is: the current one, or the effective one for its reader. */
  readVersion: number;
  categoryReviewInterval: number | null;
};

/** A document's current version, the text it shows: `.innerJoin(versions, isCurrentVersion)`. */
export const isCurrentVersion = and(
  eq(versions.documentId, documents.id),
  eq(versions.version, documents.currentVersion),
);

/**
 * A document's published version, what someone who may not see a revision in progress reads: the
 * effective one once a version was approved, the current one before.
 */
export const isPublishedVersion = and(
  eq(versions.documentId, documents.id),
  sql`${versions.version} = coalesce(${documents.effectiveVersion}, ${documents.currentVersion})`,
);

/**
 * `version` is the version to read: a number, an SQL expression on `documents` (the policies'
 * readableVersionSql, per reader), or the current one when absent.
 */
function baseQuery(db: Database, fullContent: boolean, version?: SQL | number) {
  const which =
    version === undefined
      ? isCurrentVersion
      : and(eq(versions.documentId, documents.id), sql`${versions.version} = ${version}`);
  return db
    .select(documentSelection(fullContent))
    .from(documents)
    .innerJoin(categories, eq(categories.id, documents.categoryId))
    .innerJoin(users, eq(users.id, documents.ownerId))
    .innerJoin(versions, which);
}

export async function findDocument(
  db: Database,
  id: string,
  version?: number,
): Promise<DocumentRecord | null> {
  const [row] = await baseQuery(db, true, version).where(eq(documents.id, id)).limit(1);
  return (row as DocumentRecord | undefined) ?? null;
}

export interface ListQuery {
  where: SQL;
  /** Which version each row reads (readableVersionSql); the current one when absent. */
  version?: SQL;
  sort: "updated" | "title";
  limit: number;
  offset: number;
}

/** The list's order for `sort`: one definition, so a selection by filter lists what the page lists. */
function listOrder(sort: ListQuery["sort"]) {
  return sort === "title"
    ? [asc(sql`lower(${documents.title})`), asc(documents.id)]
    : [desc(documents.updatedAt), asc(documents.id)];
}

export async function listDocuments(
  db: Database,
  query: ListQuery,
): Promise<{ rows: DocumentRecord[]; total: number }> {
  const order = listOrder(query.sort);
  const [rows, [counted]] = await readAll(db, [
    () =>
      baseQuery(db, false, query.version)
        .where(query.where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(documents)
        .where(query.where),
  ]);
  return { rows: rows as DocumentRecord[], total: counted?.n ?? 0 };
}

/**
 * The ids `where` selects, in the list's order for `sort` (listDocuments'), at most `limit`, and
 * how many it selects in all.
 */
export async function listDocumentIds(
  db: Database,
  query: Pick<ListQuery, "where" | "sort" | "limit">,
): Promise<{ ids: string[]; total: number }> {
  const order = listOrder(query.sort);
  const [rows, [counted]] = await readAll(db, [
    () =>
      db
        .select({ id: documents.id })
        .from(documents)
        .where(query.where)
        .orderBy(...order)
        .limit(query.limit),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(documents)
        .where(query.where),
  ]);
  return { ids: rows.map((r) => r.id), total: counted?.n ?? 0 };
}

/** The titles of the given documents (those that exist), by id. */
export async function documentTitles(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: documents.id, title: documents.title })
    .from(documents)
    .where(inArray(documents.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The most recently changed document `where` selects that has a version whose original has this hash. */
export async function findDocumentWithOriginal(
  db: Database,
  sha256: string,
  where: SQL,
): Promise<{ id: string; title: string; updatedAt: Date } | null> {
  const [row] = await db
    .selectDistinct({ id: documents.id, title: documents.title, updatedAt: documents.updatedAt })
    .from(versions)
    .innerJoin(documents, eq(documents.id, versions.documentId))
    .where(and(eq(versions.blobSha256, sha256), where))
    .orderBy(desc(documents.updatedAt))
    .limit(1);
  return row ?? null;
}

export async function insertDocument(tx: Database, values: NewDocumentRow): Promise<string> {
  const [row] = await tx.insert(documents).values(values).returning({ id: documents.id });
  if (!row) throw new Error("document insert returned nothing");
  return row.id;
}

/** Locks the document row for the rest of the transaction, or null when there is none. */
export async function lockDocument(tx: Database, id: string): Promise<DocumentRow | null> {
  const [row] = await tx.select().from(documents).where(eq(documents.id, id)).for("update").limit(1);
  return row ?? null;
}

/** Sets the status; answers the title and owner the notifications name, or null when there is no such document. */
export async function setDocumentStatus(
  tx: Database,
  id: string,
  status: DocumentRow["status"],
  at: Date,
): Promise<{ title: string; ownerId: string } | null> {
  const [row] = await tx
    .update(documents)
    .set({ status, updatedAt: at })
    .where(eq(documents.id, id))
    .returning({ title: documents.title, ownerId: documents.ownerId });
  return row ?? null;
}

/** The document row without locking it, or null when there is none. */
export async function findDocumentRow(db: Database, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row ?? null;
}

export async function updateDocumentRow(tx: Database, id: string, changes: DocumentChanges): Promise<void> {
  await tx.update(documents).set(changes).where(eq(documents.id, id));
}

/** Each document's owner, by document id (ids naming no document are left out). */
export async function ownersOfDocuments(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: documents.id, ownerId: documents.ownerId })
    .from(documents)
    .where(inArray(documents.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.ownerId]));
}

/** Every document's id, archived ones too, in a stable order. */
export async function allDocumentIds(db: Database): Promise<string[]> {
  const rows = await db.select({ id: documents.id }).from(documents).orderBy(asc(documents.id));
  return rows.map((r) => r.id);
}

/**
 * Processing's outcome, written only while `version` is still the current one and the state is not
 * already this one (a repeated job changes nothing). Answers whether it was written.
 */
export async function setProcessingState(
  db: Database,
  target: { documentId: string; version: number },
  state: "ready" | "failed",
  error: string | null,
): Promise<boolean> {
  const set = await db
    .update(documents)
    .set({ processingState: state, processingError: error })
    .where(
      and(
        eq(documents.id, target.documentId),
        eq(documents.currentVersion, target.version),
        sql`(${documents.processingState} <> ${state} or ${documents.processingError} is distinct from ${error})`,
      ),
    )
    .returning({ id: documents.id });
  return set.length > 0;
}
