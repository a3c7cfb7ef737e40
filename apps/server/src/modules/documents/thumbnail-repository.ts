import { and, asc, eq, isNull, ne, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blobs, documents, versions } from "../../db/schema";

/** What the thumbnail step reads and writes, and what the thumbnail route serves. */

/** The version's original and its thumbnail so far, or null when there is no such version. */
export async function findThumbnailSubject(
  db: Database,
  documentId: string,
  version: number,
): Promise<{ id: string; blobSha256: string; mediaType: string; thumbnailSha256: string | null } | null> {
  const [row] = await db
    .select({
      id: versions.id,
      blobSha256: versions.blobSha256,
      mediaType: versions.mediaType,
      thumbnailSha256: versions.thumbnailSha256,
    })
    .from(versions)
    .where(and(eq(versions.documentId, documentId), eq(versions.version, version)));
  return row ?? null;
}

/**
 * Records stored thumbnail bytes as the version's, with a blob row claiming them (so the orphan
 * sweep keeps them and a backup carries them), unless a repeated job recorded one first: then
 * nothing claims these bytes and the sweep takes them.
 */
export async function recordThumbnail(
  db: Database,
  versionId: string,
  image: { sha256: string; size: number },
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ thumbnailSha256: versions.thumbnailSha256 })
      .from(versions)
      .where(eq(versions.id, versionId))
      .for("update");
    if (!row || row.thumbnailSha256) return;
    await tx
      .insert(blobs)
      .values({ ...image, createdAt: at })
      .onConflictDoNothing();
    await tx.update(versions).set({ thumbnailSha256: image.sha256 }).where(eq(versions.id, versionId));
  });
}

/**
 * The versions documents show (each one's current version, and its effective one) that have no
 * thumbnail, of documents not being processed now (their processing draws it, and a text still
 * to be converted would be drawn as a blank page).
 */
export async function versionsWithoutThumbnail(
  db: Database,
): Promise<Array<{ documentId: string; version: number }>> {
  return db
    .select({ documentId: versions.documentId, version: versions.version })
    .from(versions)
    .innerJoin(documents, eq(documents.id, versions.documentId))
    .where(
      and(
        isNull(versions.thumbnailSha256),
        ne(documents.processingState, "processing"),
        or(eq(versions.version, documents.currentVersion), eq(versions.version, documents.effectiveVersion)),
      ),
    )
    .orderBy(asc(versions.documentId), asc(versions.version));
}
