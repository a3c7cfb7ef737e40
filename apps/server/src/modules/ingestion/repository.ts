import type { IngestionSource, IngestionState } from "@quire/contracts";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { documents, ingestionItems, ingestionSources, versions } from "../../db/schema";

export type IngestionItemRow = typeof ingestionItems.$inferSelect;

/** A folder file as stat saw it, with its contents' hash: the claim's key. */
export interface FolderClaim {
  path: string;
  size: number;
  mtime: string;
  sha256: string;
}

/**
 * Claims a folder file: inserts its row unless a row with the same path, size, time and contents
 * exists. Answers the new row's id, or null when another scan (in this or any process) has it.
 */
export async function claimFolderFile(db: Database, claim: FolderClaim, now: Date): Promise<string | null> {
  const rows = await db
    .insert(ingestionItems)
    .values({
      source: "folder",
      name: claim.path,
      path: claim.path,
      size: claim.size,
      mtime: claim.mtime,
      sha256: claim.sha256,
      state: "queued",
      location: claim.path,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: ingestionItems.id });
  return rows[0]?.id ?? null;
}

/** The row holding a folder file's claim, whoever made it. */
export async function findClaim(db: Database, claim: FolderClaim): Promise<IngestionItemRow | undefined> {
  const [row] = await db
    .select()
    .from(ingestionItems)
    .where(
      and(
        eq(ingestionItems.source, "folder"),
        eq(ingestionItems.path, claim.path),
        eq(ingestionItems.size, claim.size),
        eq(ingestionItems.mtime, claim.mtime),
        eq(ingestionItems.sha256, claim.sha256),
      ),
    )
    .limit(1);
  return row;
}

export async function findItem(db: Database, id: string): Promise<IngestionItemRow | undefined> {
  const [row] = await db.select().from(ingestionItems).where(eq(ingestionItems.id, id)).limit(1);
  return row;
}

/** The item, locked until the transaction ends: one worker moves it along at a time. */
export async function lockItem(db: Database, id: string): Promise<IngestionItemRow | undefined> {
  const [row] = await db
    .select()
    .from(ingestionItems)
    .where(eq(ingestionItems.id, id))
    .for("update")
    .limit(1);
  return row;
}

export async function updateItem(
  db: Database,
  id: string,
  changes: Partial<
    Pick<
      IngestionItemRow,
      "state" | "reason" | "documentId" | "location" | "destination" | "attempts" | "name"
    >
  >,
  now: Date,
): Promise<void> {
  await db
    .update(ingestionItems)
    .set({ ...changes, updatedAt: now })
    .where(eq(ingestionItems.id, id));
}

/** An item for a file that became a document some other way (an upload, an import). */
export async function insertDocumentItem(
  db: Database,
  item: { source: IngestionSource; name: string; sha256: string; documentId: string },
  now: Date,
): Promise<void> {
  await db.insert(ingestionItems).values({ ...item, state: "done", createdAt: now, updatedAt: now });
}

/** A document whose current or earlier version's original has these bytes, if any. */
export async function documentWithOriginal(
  db: Database,
  sha256: string,
): Promise<{ id: string; title: string } | undefined> {
  const [row] = await db
    .select({ id: documents.id, title: documents.title })
    .from(versions)
    .innerJoin(documents, eq(documents.id, versions.documentId))
    .where(eq(versions.blobSha256, sha256))
    .limit(1);
  return row;
}

/** Serialises ingestion of identical bytes across processes until the transaction ends. */
export async function lockContents(db: Database, sha256: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ingest:${sha256}`}, 0))`);
}

/** The newest items with their document's title and processing, for Settings › Ingestion. */
export async function listItems(db: Database, limit: number) {
  return db
    .select({
      item: ingestionItems,
      title: documents.title,
      processingState: documents.processingState,
      processingError: documents.processingError,
    })
    .from(ingestionItems)
    .leftJoin(documents, eq(documents.id, ingestionItems.documentId))
    .orderBy(desc(ingestionItems.createdAt), desc(ingestionItems.id))
    .limit(limit);
}

export async function countItemsByState(db: Database): Promise<Array<{ state: string; n: number }>> {
  return db
    .select({ state: ingestionItems.state, n: count() })
    .from(ingestionItems)
    .groupBy(ingestionItems.state);
}

/** Folder items claimed but not finished: the queue a restart or a second worker picks up. */
export async function unfinishedFolderItems(db: Database): Promise<IngestionItemRow[]> {
  return db
    .select()
    .from(ingestionItems)
    .where(
      and(eq(ingestionItems.source, "folder"), eq(ingestionItems.state, "queued" satisfies IngestionState)),
    );
}

export interface SourceRow {
  lastScanAt: Date | null;
  status: unknown;
}

export async function readSource(db: Database, name: string): Promise<SourceRow | undefined> {
  const [row] = await db
    .select({ lastScanAt: ingestionSources.lastScanAt, status: ingestionSources.status })
    .from(ingestionSources)
    .where(eq(ingestionSources.name, name))
    .limit(1);
  return row;
}

export async function writeSource(db: Database, name: string, status: unknown, now: Date): Promise<void> {
  await db
    .insert(ingestionSources)
    .values({ name, lastScanAt: now, status, updatedAt: now })
    .onConflictDoUpdate({
      target: ingestionSources.name,
      set: { lastScanAt: now, status, updatedAt: now },
    });
}
