import { and, asc, desc, eq, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { approvals, blobs, users, versions } from "../../db/schema";

/** A document's versions: each one's row, its stored original's blob and its text, read and written. */

export type VersionRow = typeof versions.$inferSelect;
export type NewVersionRow = typeof versions.$inferInsert;

/** A document's versions, newest first, up to `upTo` (the newest its reader may read) when given. */
export async function listVersions(db: Database, documentId: string, upTo?: number) {
  return db
    .select({ version: versions, author: users.username, sha256: blobs.sha256 })
    .from(versions)
    .innerJoin(users, eq(users.id, versions.authorId))
    .innerJoin(blobs, eq(blobs.sha256, versions.blobSha256))
    .where(
      and(eq(versions.documentId, documentId), upTo === undefined ? undefined : lte(versions.version, upTo)),
    )
    .orderBy(desc(versions.version));
}

/** When each version of the document was approved (its latest approved round's time), by version. */
export async function approvedVersions(db: Database, documentId: string): Promise<Map<number, Date>> {
  const rows = await db
    .select({ version: approvals.version, at: approvals.updatedAt })
    .from(approvals)
    .where(and(eq(approvals.documentId, documentId), eq(approvals.stage, "Approved")))
    .orderBy(asc(approvals.round));
  return new Map(rows.map((r) => [r.version, r.at]));
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

/** A stored original's blob row; the same bytes uploaded twice share one. */
export async function insertBlob(
  tx: Database,
  values: { sha256: string; size: number; createdAt: Date },
): Promise<void> {
  await tx.insert(blobs).values(values).onConflictDoNothing();
}

/** A version row; its text may be SQL that assembles it from pieces (db/text-pieces.ts). */
export async function insertVersion(
  tx: Database,
  values: Omit<NewVersionRow, "content"> & { content: string | SQL },
): Promise<void> {
  await tx.insert(versions).values(values);
}

/** The version row itself (content included), without its author and blob. */
export async function findVersionRow(
  db: Database,
  documentId: string,
  version: number,
): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(versions)
    .where(and(eq(versions.documentId, documentId), eq(versions.version, version)));
  return row ?? null;
}

/**
 * Whether the version's text holds `needle`, asked of the database: a long text is never read
 * onto the event loop (with embedded storage, the thread that answers requests) to find out.
 */
export async function versionTextHolds(
  db: Database,
  documentId: string,
  version: number,
  needle: string,
): Promise<boolean> {
  const [row] = await db
    .select({ holds: sql<boolean>`position(${needle} in ${versions.content}) > 0` })
    .from(versions)
    .where(and(eq(versions.documentId, documentId), eq(versions.version, version)));
  return row?.holds ?? false;
}

/** The first `chars` characters of the version's text (substr reads only what it needs); null without the version. */
export async function versionTextStart(
  db: Database,
  documentId: string,
  version: number,
  chars: number,
): Promise<string | null> {
  const [row] = await db
    .select({ text: sql<string>`substr(${versions.content}, 1, ${chars})` })
    .from(versions)
    .where(and(eq(versions.documentId, documentId), eq(versions.version, version)));
  return row?.text ?? null;
}

/** A version's converted text, replaced in place (OCR filling in scanned pages); see insertVersion. */
export async function setVersionContent(
  db: Database,
  versionId: string,
  content: string | SQL,
): Promise<void> {
  await db.update(versions).set({ content }).where(eq(versions.id, versionId));
}

/** A version's detected language (eng, deu, …), or null when its text did not tell. */
export async function setVersionLanguage(
  db: Database,
  documentId: string,
  version: number,
  language: string | null,
): Promise<void> {
  await db
    .update(versions)
    .set({ language })
    .where(and(eq(versions.documentId, documentId), eq(versions.version, version)));
}
