import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { chunks, documents, searchLog, settings, versions } from "../../db/schema";
import { rowsOf } from "../../db/rows";
import { searchableText, textLanguage, type TextLanguage } from "@quire/textkit";
import { everyReading, matchesInOwnLanguage } from "./query-readings";

export async function readSetting(db: Database, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value ?? null;
}

/** Top-level scalar fields of a JSON setting, read in the database without fetching the rest. */
export async function readSettingFields(
  db: Database,
  key: string,
  fields: readonly string[],
): Promise<Record<string, string | null> | null> {
  const columns = fields.map((field, i) => sql`${settings.value} ->> ${field} as ${sql.identifier(`f${i}`)}`);
  const result = await db.execute(
    sql`select ${sql.join(columns, sql`, `)} from ${settings} where ${settings.key} = ${key}`,
  );
  const [row] = rowsOf<Record<string, string | null>>(result);
  if (!row) return null;
  return Object.fromEntries(fields.map((field, i) => [field, row[`f${i}`] ?? null]));
}

export async function writeSetting(db: Database, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

export interface RankedPassage {
  chunkId: string;
  documentId: string;
  rank: number;
}

export interface CandidateQuery {
  /** Web-search syntax, parsed by websearch_to_tsquery. */
  query: string;
  /** Visibility and filters on `documents`. */
  where: SQL;
  /** Matches looked at; beyond it a common word's matches are not all ranked. */
  candidates: number;
  limit: number;
  /** The chosen languages: each passage reads the query in its own (query-readings.ts). */
  languages: readonly string[];
}

/**
 * Full-text ranking over a bounded candidate set: the GIN index finds matching passages, at most
 * `candidates` of them are ranked with ts_rank_cd (normalisation 32: rank/(rank+1)), best first.
 * Ranking is the expensive part (it reads every candidate's tsvector), so bounding it keeps a
 * query for a word in half the archive as fast as a rare one.
 */
export async function rankFullText(db: Database, q: CandidateQuery): Promise<RankedPassage[]> {
  const matches = matchesInOwnLanguage(sql`${chunks.tsv}`, sql`${chunks.versionId}`, q.query, q.languages);
  const result = await db.execute(sql`
    with query as (select ${everyReading(q.query, q.languages)} as tsq),
    candidate as (
      select ${chunks.id} as id, ${chunks.documentId} as document_id, ${chunks.tsv} as tsv
      from ${chunks} join ${documents} on ${documents.id} = ${chunks.documentId}
      where ${matches} and ${q.where}
      limit ${q.candidates})
    select candidate.id, candidate.document_id, ts_rank_cd(candidate.tsv, query.tsq, 32) as rank
    from candidate, query
    order by rank desc, candidate.id
    limit ${q.limit}`);
  return rowsOf<{ id: string; document_id: string; rank: number | string }>(result).map((row) => ({
    chunkId: row.id,
    documentId: row.document_id,
    rank: Number(row.rank),
  }));
}

export interface PassageDetail {
  id: string;
  documentId: string;
  ordinal: number;
  heading: string | null;
  text: string;
  title: string;
  tags: string[];
  /** Its version's detected language (English when undetermined): its words are stemmed as it reads them. */
  language: TextLanguage;
}

export async function loadPassages(db: Database, chunkIds: string[]): Promise<Map<string, PassageDetail>> {
  if (chunkIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: chunks.id,
      documentId: chunks.documentId,
      ordinal: chunks.ordinal,
      heading: chunks.heading,
      text: chunks.text,
      title: documents.title,
      tags: documents.tags,
      language: versions.language,
    })
    .from(chunks)
    .innerJoin(documents, eq(documents.id, chunks.documentId))
    .innerJoin(versions, eq(versions.id, chunks.versionId))
    .where(inArray(chunks.id, chunkIds));
  return new Map(rows.map((row) => [row.id, { ...row, language: textLanguage(row.language) }]));
}

export async function countPassages(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(chunks);
  return Number(row?.n ?? 0);
}

/** Passage texts in id order, a page at a time (for fitting the model and re-embedding). */
export async function passagePage(
  db: Database,
  afterId: string,
  size: number,
): Promise<Array<{ id: string; heading: string | null; text: string }>> {
  return db
    .select({ id: chunks.id, heading: chunks.heading, text: chunks.text })
    .from(chunks)
    .where(sql`${chunks.id} > ${afterId}`)
    .orderBy(chunks.id)
    .limit(size);
}

/**
 * Embeddings set per statement: row-by-row updates take seconds per thousand, and 500 at once held
 * PGlite's thread (the one that answers requests) 0.4 s under load; 100 take a fifth of that.
 */
const EMBEDDING_BATCH = 100;

/** Sets many passages' embeddings, EMBEDDING_BATCH per statement. */
export async function storeEmbeddings(
  db: Database,
  rows: Array<{ id: string; embedding: Uint8Array | null }>,
) {
  for (let start = 0; start < rows.length; start += EMBEDDING_BATCH) {
    const values = rows
      .slice(start, start + EMBEDDING_BATCH)
      .map((row) => sql`(${row.id}, ${row.embedding === null ? null : Buffer.from(row.embedding)}::bytea)`);
    await db.execute(sql`
      update ${chunks} set embedding = batch.embedding
      from (values ${sql.join(values, sql`, `)}) as batch(id, embedding)
      where ${chunks.id} = batch.id`);
  }
}

export async function logSearch(db: Database, userId: string, query: string, resultCount: number, at: Date) {
  await db.insert(searchLog).values({ userId, query, resultCount, createdAt: at });
}

/**
 * Queries that found something, most searched first, normalised for case and spacing, and only
 * those that still find something the actor may see: a search log holds other people's words,
 * and a query naming a private draft must not be suggested to someone who cannot see it.
 */
export async function popularQueries(
  db: Database,
  where: SQL,
  since: Date,
  limit: number,
  languages: readonly string[],
): Promise<string[]> {
  const result = await db.execute(sql`
    select min(${searchLog.query}) as query from ${searchLog}
    where ${searchLog.resultCount} > 0 and ${searchLog.createdAt} >= ${since}
    group by lower(regexp_replace(trim(${searchLog.query}), '\\s+', ' ', 'g'))
    order by count(*) desc, max(${searchLog.createdAt}) desc
    limit ${limit * 4}`);
  const popular = rowsOf<{ query: string }>(result).map((row) => row.query);
  if (popular.length === 0) return [];
  // Matched as a search matches them: the index reads slashes and dots apart (searchableText).
  const found = await db.execute(sql`
    select p.n from unnest(${sql.param(popular.map(searchableText))}::text[]) with ordinality as p(query, n)
    where exists (
      select 1 from ${chunks} join ${documents} on ${documents.id} = ${chunks.documentId}
      where ${matchesInOwnLanguage(sql`${chunks.tsv}`, sql`${chunks.versionId}`, sql`p.query`, languages)} and ${where})
    order by p.n
    limit ${limit}`);
  return rowsOf<{ n: number | string }>(found).map((row) =>
    popular[Number(row.n) - 1]!.trim().replace(/\s+/g, " "),
  );
}

/** Headings and tags of documents the actor may see: the raw material of the archive's keyphrases. */
export async function keyphraseSources(db: Database, where: SQL, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    (select ${documents.title} as text from ${documents} where ${where} order by ${documents.updatedAt} desc limit ${limit})
    union all
    (select ${chunks.heading} from ${chunks} join ${documents} on ${documents.id} = ${chunks.documentId}
     where ${chunks.heading} is not null and ${where} limit ${limit})
    union all
    (select string_agg(tag, '. ') from ${documents}, jsonb_array_elements_text(${documents.tags}) as tag
     where ${where} group by ${documents.id} limit ${limit})`);
  return rowsOf<{ text: string | null }>(result)
    .map((row) => row.text ?? "")
    .filter(Boolean);
}

export interface StoredPassage {
  id: string;
  documentId: string;
  ordinal: number;
  heading: string | null;
  text: string;
  embedding: Uint8Array | null;
  /** Its version's detected language (English when undetermined). */
  language: TextLanguage;
}

const passageColumns = {
  id: chunks.id,
  documentId: chunks.documentId,
  ordinal: chunks.ordinal,
  heading: chunks.heading,
  text: chunks.text,
  embedding: chunks.embedding,
  language: versions.language,
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
  languages: readonly string[],
): Promise<StoredPassage[]> {
  if (documentIds.length === 0) return [];
  const query = words
    .map((w) => w.replace(/[^\p{L}\p{N}]+/gu, " ").trim())
    .filter(Boolean)
    .join(" or ");
  const matches = query
    ? matchesInOwnLanguage(sql`${chunks.tsv}`, sql`${chunks.versionId}`, query, languages)
    : undefined;
  const rows = await db
    .select(passageColumns)
    .from(chunks)
    .innerJoin(versions, eq(versions.id, chunks.versionId))
    .where(
      and(
        inArray(chunks.documentId, documentIds),
        or(matches, alsoIds.length > 0 ? inArray(chunks.id, alsoIds) : undefined),
      ),
    )
    .orderBy(asc(chunks.documentId), asc(chunks.ordinal));
  return rows.map((row) => ({ ...row, language: textLanguage(row.language) }));
}
