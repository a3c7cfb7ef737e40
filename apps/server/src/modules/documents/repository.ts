import { and, asc, count, desc, eq, max, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blobs, categories, documents, users, versions } from "../../db/schema";

/** Lists carry a preview of the content, not every document's full text. */
export const LIST_PREVIEW_CHARS = 300;

const versionCount =
  sql<number>`(select count(*)::int from ${versions} v where v.document_id = ${documents.id})`.as(
    "version_count",
  );

function documentSelection(fullContent: boolean) {
  return {
    doc: documents,
    category: categories,
    owner: users.username,
    content: fullContent
      ? versions.content
      : sql<string>`left(${versions.content}, ${LIST_PREVIEW_CHARS})`.as("content_preview"),
    changeNote: versions.changeNote,
    originalFilename: versions.originalFilename,
    mediaType: versions.mediaType,
    versionCount,
  };
}

export type DocumentRecord = {
  doc: typeof documents.$inferSelect;
  category: typeof categories.$inferSelect;
  owner: string;
  content: string;
  changeNote: string | null;
  originalFilename: string;
  mediaType: string;
  versionCount: number;
};

function baseQuery(db: Database, fullContent: boolean) {
  return db
    .select(documentSelection(fullContent))
    .from(documents)
    .innerJoin(categories, eq(categories.id, documents.categoryId))
    .innerJoin(users, eq(users.id, documents.ownerId))
    .innerJoin(
      versions,
      and(eq(versions.documentId, documents.id), eq(versions.version, documents.currentVersion)),
    );
}

export async function findDocument(db: Database, id: string): Promise<DocumentRecord | null> {
  const [row] = await baseQuery(db, true).where(eq(documents.id, id)).limit(1);
  return (row as DocumentRecord | undefined) ?? null;
}

export interface ListQuery {
  where: SQL;
  sort: "updated" | "title";
  limit: number;
  offset: number;
}

export async function listDocuments(
  db: Database,
  query: ListQuery,
): Promise<{ rows: DocumentRecord[]; total: number }> {
  const order =
    query.sort === "title"
      ? [asc(sql`lower(${documents.title})`), asc(documents.id)]
      : [desc(documents.updatedAt), asc(documents.id)];
  const [rows, [counted]] = await Promise.all([
    baseQuery(db, false)
      .where(query.where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(query.where),
  ]);
  return { rows: rows as DocumentRecord[], total: counted?.n ?? 0 };
}

export async function listVersions(db: Database, documentId: string) {
  return db
    .select({ version: versions, author: users.username, sha256: blobs.sha256 })
    .from(versions)
    .innerJoin(users, eq(users.id, versions.authorId))
    .innerJoin(blobs, eq(blobs.sha256, versions.blobSha256))
    .where(eq(versions.documentId, documentId))
    .orderBy(desc(versions.version));
}

export async function findVersion(db: Database, documentId: string, version: number) {
  const [row] = await db
    .select({ version: versions, author: users.username, sha256: blobs.sha256 })
    .from(versions)
    .innerJoin(users, eq(users.id, versions.authorId))
    .innerJoin(blobs, eq(blobs.sha256, versions.blobSha256))
    .where(and(eq(versions.documentId, documentId), eq(versions.version, version)))
    .limit(1);
  return row ?? null;
}

export type VersionRecord = NonNullable<Awaited<ReturnType<typeof findVersion>>>;

/** A subquery: per category, how many documents `where` selects and when the latest changed. */
export function documentCountsByCategory(db: Database, where: SQL) {
  return db
    .select({
      categoryId: documents.categoryId,
      n: count().as("n"),
      lastUpdated: max(documents.updatedAt).as("last_updated"),
    })
    .from(documents)
    .where(where)
    .groupBy(documents.categoryId)
    .as("counted");
}

/** Every document filed in the category, archived ones too. */
export async function countDocumentsInCategory(db: Database, categoryId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.categoryId, categoryId));
  return row?.n ?? 0;
}
