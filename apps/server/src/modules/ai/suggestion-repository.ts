import type { DocumentStatus } from "@quire/contracts";
import type { ShingleSketch } from "@quire/textkit";
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { documents, versionFacts, versions } from "../../db/schema";
import type { SuggestionFacts } from "../../lib/text-work-worker";
import { isCurrentVersion } from "../documents/repository";

/**
 * The rows the dashboard's suggestions are made from. Nothing here selects a version's text: the
 * suggestions read each current version's stored facts (version_facts), which processing wrote.
 */

/** A document as a suggestion names it: what the apply rules and the wording need, no text. */
export interface SuggestionSubject {
  id: string;
  title: string;
  status: DocumentStatus;
  categoryId: string;
  ownerId: string;
  currentVersion: number;
  archived: boolean;
  updatedAt: Date;
}

/** The document columns a suggestion's subject is read from; the archive's reads add the text. */
export const subjectSelection = {
  id: documents.id,
  title: documents.title,
  status: documents.status,
  categoryId: documents.categoryId,
  ownerId: documents.ownerId,
  currentVersion: documents.currentVersion,
  archivedAt: documents.archivedAt,
  updatedAt: documents.updatedAt,
};

/** A listed document with its current version's stored facts (null until that version is processed). */
export interface SuggestionDocument extends SuggestionSubject {
  versionId: string;
  /** The periodic review's due day (YYYY-MM-DD) when the document is under periodic review. */
  nextReviewOn: string | null;
  facts: {
    /** MinHash signature, for near-duplicate candidates; the full sketch is read for candidates only. */
    signature: Uint32Array;
    shingles: number;
    review: { value: string; date: Date | null } | null;
  } | null;
}

/** Unsigned 32-bit values, little-endian, as bytea. */
function encodeUint32(values: Uint32Array): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((value, i) => view.setUint32(i * 4, value, true));
  return out;
}

function decodeUint32(bytes: Uint8Array): Uint32Array {
  const out = new Uint32Array(bytes.byteLength >>> 2);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getUint32(i * 4, true);
  return out;
}

/** Facts stored for the text they were computed from: a text changed in place since (OCR) has none. */
const factsMatchText = and(
  eq(versionFacts.versionId, versions.id),
  // octet_length reads a stored text's size from its header, without fetching the text.
  eq(versionFacts.contentBytes, sql`octet_length(${versions.content})`),
);

export async function storeVersionFacts(
  db: Database,
  versionId: string,
  contentBytes: number,
  facts: SuggestionFacts,
  at: Date,
): Promise<void> {
  const values = {
    contentBytes,
    minhash: encodeUint32(facts.sketch.signature),
    smallest: encodeUint32(facts.sketch.smallest),
    shingles: facts.sketch.shingles,
    reviewValue: facts.review?.value ?? null,
    reviewDate: facts.review?.date ?? null,
    computedAt: at,
  };
  await db
    .insert(versionFacts)
    .values({ versionId, ...values })
    .onConflictDoUpdate({ target: versionFacts.versionId, set: values });
}

/**
 * Current versions (of every document, archived ones too, or of one) without facts for their
 * text as it is.
 */
export async function versionsWithoutFacts(
  db: Database,
  documentId?: string,
): Promise<Array<{ documentId: string; version: number }>> {
  return db
    .select({ documentId: documents.id, version: versions.version })
    .from(documents)
    .innerJoin(versions, isCurrentVersion)
    .leftJoin(versionFacts, factsMatchText)
    .where(and(isNull(versionFacts.versionId), documentId ? eq(documents.id, documentId) : undefined))
    .orderBy(asc(documents.id));
}

/** Documents matching `where` (what an actor may list) with their current version's facts. */
export async function listSuggestionDocuments(
  db: Database,
  where: SQL | undefined,
): Promise<SuggestionDocument[]> {
  const rows = await db
    .select({
      ...subjectSelection,
      versionId: versions.id,
      nextReviewOn: documents.nextReviewOn,
      factsOf: versionFacts.versionId,
      minhash: versionFacts.minhash,
      shingles: versionFacts.shingles,
      reviewValue: versionFacts.reviewValue,
      reviewDate: versionFacts.reviewDate,
    })
    .from(documents)
    .innerJoin(versions, isCurrentVersion)
    .leftJoin(versionFacts, factsMatchText)
    .where(where)
    .orderBy(asc(documents.id));
  return rows.map(({ archivedAt, factsOf, minhash, shingles, reviewValue, reviewDate, ...doc }) => ({
    ...doc,
    archived: archivedAt !== null,
    facts:
      factsOf === null || minhash === null || shingles === null
        ? null
        : {
            signature: decodeUint32(minhash),
            shingles,
            review: reviewValue === null ? null : { value: reviewValue, date: reviewDate },
          },
  }));
}

/** The full sketches of these versions, by version id. */
export async function loadSketches(
  db: Database,
  versionIds: readonly string[],
): Promise<Map<string, ShingleSketch>> {
  if (versionIds.length === 0) return new Map();
  const rows = await db
    .select({
      versionId: versionFacts.versionId,
      minhash: versionFacts.minhash,
      smallest: versionFacts.smallest,
      shingles: versionFacts.shingles,
    })
    .from(versionFacts)
    .where(inArray(versionFacts.versionId, [...versionIds]));
  return new Map(
    rows.map((r) => [
      r.versionId,
      { signature: decodeUint32(r.minhash), smallest: decodeUint32(r.smallest), shingles: r.shingles },
    ]),
  );
}
