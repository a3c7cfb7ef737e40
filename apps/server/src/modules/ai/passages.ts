import { and, asc, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { chunks } from "../../db/schema";

export interface StoredPassage {
  id: string;
  documentId: string;
  ordinal: number;
  heading: string | null;
  text: string;
  embedding: Uint8Array | null;
}

const columns = {
  id: chunks.id,
  documentId: chunks.documentId,
  ordinal: chunks.ordinal,
  heading: chunks.heading,
  text: chunks.text,
  embedding: chunks.embedding,
};

/**
 * The passages of the given documents that hold any of `words` (PostgreSQL's own stemming), and
 * the passages named in `alsoIds`, in document order. Callers pass only documents that search
 * has already found for the actor, so visibility is already applied.
 */
export async function matchingPassages(
  db: Database,
  documentIds: string[],
  words: string[],
  alsoIds: string[],
): Promise<StoredPassage[]> {
  if (documentIds.length === 0) return [];
  const query = words
    .map((w) => w.replace(/[^\p{L}\p{N}]+/gu, " ").trim())
    .filter(Boolean)
    .join(" or ");
  const matches = query ? sql`${chunks.tsv} @@ websearch_to_tsquery('english', ${query})` : undefined;
  return db
    .select(columns)
    .from(chunks)
    .where(
      and(
        inArray(chunks.documentId, documentIds),
        or(matches, alsoIds.length > 0 ? inArray(chunks.id, alsoIds) : undefined),
      ),
    )
    .orderBy(asc(chunks.documentId), asc(chunks.ordinal));
}
