import { searchableText, type CorpusStats, type Posting } from "@quire/textkit";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rowsOf } from "../../db/rows";
import {
  chunks,
  documents,
  searchDocuments,
  searchPostings,
  searchStats,
  searchTerms,
} from "../../db/schema";
import { matchesInOwnLanguage } from "./query-readings";

/**
 * Reads for BM25 ranking. The statistics (search_terms, search_stats, search_postings) are kept
 * exact by triggers on `chunks` (migration 0004_search_stats), so every path that changes
 * passages (indexing, archiving, deleting, reindexing, any process) keeps them right.
 */

export interface LexemeStat {
  lexeme: string;
  /** First position of the lexeme in the analysed text. */
  position: number;
  df: number;
}

export interface QueryStats extends CorpusStats {
  /** Per text given, its lexemes (PostgreSQL's `english` analysis) with their document frequencies. */
  lexemes: LexemeStat[][];
  /**
   * The postings' generation (migration 0031): a new value from a sequence whenever passages are
   * added or removed, never the same for two states, so a list read under it stays right while it
   * is current (posting-cache.ts).
   */
  generation: string;
}

/** The texts' lexemes with their frequencies and the corpus size: three index lookups, no scan. */
export async function readQueryStats(db: Database, texts: string[]): Promise<QueryStats> {
  // One round trip: the lexemes (n > 0) and, in the row n = 0, the corpus totals.
  const result = await db.execute(sql`
    select q.n, u.lexeme, u.positions[1]::int as position, coalesce(${searchTerms.df}, 0)::text as df
    from unnest(${sql.param(texts.map(searchableText))}::text[]) with ordinality as q(text, n)
    cross join lateral unnest(to_tsvector('english', q.text)) u
    left join ${searchTerms} on ${searchTerms.lexeme} = u.lexeme
    union all
    select 0, null, ${searchStats.documents}::int,
      ${searchStats.passages}::float8 || ':' || ${searchStats.bodyTerms}::float8 || ':' || ${searchStats.generation}
    from ${searchStats} where ${searchStats.id} = 1`);
  const rows = rowsOf<{ n: number | string; lexeme: string | null; position: number; df: number | string }>(
    result,
  );
  const totals = rows.find((row) => Number(row.n) === 0);
  const [passageCount, bodyCount, generation] = String(totals?.df ?? "0:0:0").split(":");

  const lexemes: LexemeStat[][] = texts.map(() => []);
  for (const row of rows) {
    if (row.lexeme === null || Number(row.n) === 0) continue;
    lexemes[Number(row.n) - 1]!.push({ lexeme: row.lexeme, position: row.position, df: Number(row.df) });
  }
  const passages = Number(passageCount ?? 0);
  const docs = Number(totals?.position ?? 0);
  const bodyTerms = Number(bodyCount ?? 0);
  return {
    passages,
    avgBodyLength: passages > 0 ? bodyTerms / passages : 0,
    avgDocumentLength: docs > 0 ? bodyTerms / docs : 0,
    lexemes,
    generation: generation ?? "0",
  };
}

export interface DocumentFacts {
  /** Body length of each document (all its passages). */
  lengths: Map<string, number>;
  titles: Map<string, string>;
}

/** Body length and title of each given document (primary-key lookups). */
export async function documentFacts(db: Database, documentIds: string[]): Promise<DocumentFacts> {
  return (await visibleFacts(db, documentIds, sql`true`)).facts;
}

/** The facts of the candidates' documents: those topPostings did not bring (exact matches) read by key. */
export async function completeFacts(
  db: Database,
  postings: Posting[],
  known: DocumentFacts,
): Promise<DocumentFacts> {
  const ids = new Set(postings.map((p) => p.documentId));
  const read = await documentFacts(
    db,
    [...ids].filter((id) => !known.lengths.has(id)),
  );
  const facts: DocumentFacts = { lengths: new Map(), titles: new Map() };
  for (const source of [known, read])
    for (const [id, length] of source.lengths) {
      if (!ids.has(id)) continue; // a strict query's candidates are fewer than the postings read
      facts.lengths.set(id, length);
      facts.titles.set(id, source.titles.get(id) ?? "");
    }
  return facts;
}

/**
 * Postings travel as one text value, a record per posting: decoding a field of the wire protocol
 * costs PGlite a buffer copy, and building them as JSON (an array per posting, positions
 * converted one by one) was a fifth of a long query's CPU. Ids, lexemes and numbers never hold
 * these control characters (the text parser reads them as blanks).
 */
const FIELD = "\u001f";
const RECORD = "\u001e";

/** A posting as one text: chunk, document, lexeme, title/tags/body tf, body length, positions (or none). */
function packed(alias: SQL, withPositions: SQL) {
  return sql`concat_ws(chr(31), ${alias}.chunk_id, ${alias}.document_id, ${alias}.lexeme, ${alias}.title_tf,
    ${alias}.tags_tf, ${alias}.body_tf, ${alias}.body_length,
    case when ${withPositions} then array_to_string(${alias}.positions, ' ') else '' end)`;
}

function unpackPostings(value: unknown): Posting[] {
  if (typeof value !== "string" || value === "") return [];
  return value.split(RECORD).map((record) => {
    const [chunkId, documentId, lexeme, titleTf, tagsTf, bodyTf, bodyLength, positions] = record.split(FIELD);
    return {
      chunkId: chunkId!,
      documentId: documentId!,
      lexeme: lexeme!,
      titleTf: Number(titleTf),
      tagsTf: Number(tagsTf),
      bodyTf: Number(bodyTf),
      bodyLength: Number(bodyLength),
      positions: positions ? positions.split(" ").map(Number) : [],
    };
  });
}

/** A json column: PGlite parses it, node-postgres may hand over the text. */
function jsonRows<T>(value: unknown): T[] {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

const postingColumns = sql`p.chunk_id, p.document_id, p.lexeme, p.title_tf, p.tags_tf, p.body_tf, p.body_length, p.positions`;

/**
 * For each lexeme, its `limit` highest-impact postings in documents passing `where`: a rare
 * lexeme's whole list, a common one's best. The impact index reads them in order and stops.
 * A passage found for one lexeme only comes without positions (see below). With the postings,
 * the facts (length, title) of their documents.
 */
export async function topPostings(
  db: Database,
  lists: ReadonlyArray<{ lexeme: string; limit: number }>,
  where: SQL,
  options: { allPositions?: boolean } = {},
): Promise<{ postings: Posting[]; facts: DocumentFacts }> {
  const facts: DocumentFacts = { lengths: new Map(), titles: new Map() };
  if (lists.length === 0) return { postings: [], facts };
  // One branch per lexeme with the lexeme as a value: the planner then knows how common it is and
  // walks the impact index in order, stopping at the limit (a lateral join over an array of
  // lexemes hid that, so every posting of a common lexeme was read, joined and sorted). Visibility
  // is a lateral subquery with a limit, which the planner cannot turn into a join: each posting's
  // document is then looked up by key, where a join hashed every visible document per lexeme.
  // `nulls last` as the index is built: `desc` alone means `desc nulls first`, an order the index
  // cannot give, so every posting of a common lexeme was read, checked for visibility and sorted
  // (10,000 documents on PGlite: p50 46 -> 35 ms, p95 112 -> 72 ms under the same load).
  const branches = lists.map(
    ({ lexeme, limit }) => sql`(select ${postingColumns}, d.title from ${searchPostings} p
      cross join lateral (select ${documents.title} as title from ${documents}
        where ${documents.id} = p.document_id and ${where} limit 1) d
      where p.lexeme = ${lexeme}
      order by p.impact desc nulls last limit ${limit})`,
  );
  // Positions only serve proximity, between two query lexemes of one passage: a passage with one
  // of the lexemes gets none, which spares most of the rows' bytes. Callers that complete a
  // passage's postings later (postingsOf) get its positions then. `allPositions` keeps them all:
  // posting-cache.ts reads some lists here and the rest from its cache, so "one" is unknown here.
  // The rows come back as two values, not as a row per posting (see FIELD). The candidates'
  // titles and lengths come once per document, by key (a subquery, never a join that may scan
  // search_documents), as JSON: a title may hold any character.
  const result = await db.execute(sql`
    with top as materialized (${sql.join(branches, sql` union all `)}),
    marked as (select top.*, count(*) over (partition by top.chunk_id) as n from top)
    select
      (select string_agg(${packed(sql`m`, options.allPositions ? sql`true` : sql`m.n > 1`)}, chr(30))
       from marked m) as postings,
      (select coalesce(json_agg(json_build_array(f.document_id, f.title,
        (select s.body_terms from ${searchDocuments} s where s.document_id = f.document_id))), '[]')
       from (select distinct top.document_id, top.title from top) f) as documents`);
  const [row] = rowsOf<{ postings: unknown; documents: unknown }>(result);
  for (const [id, title, length] of jsonRows<[string, string, number | null]>(row?.documents)) {
    if (length === null) continue; // as documentFacts: no length, no facts
    facts.lengths.set(id, Number(length));
    facts.titles.set(id, title);
  }
  return { postings: unpackPostings(row?.postings), facts };
}

/** The given passages' postings for the given lexemes (primary-key lookups). */
export async function postingsOf(db: Database, lexemes: string[], chunkIds: string[]): Promise<Posting[]> {
  if (lexemes.length === 0 || chunkIds.length === 0) return [];
  const result = await db.execute(sql`
    select string_agg(${packed(sql`p`, sql`true`)}, chr(30)) as postings
    from unnest(${sql.param(chunkIds)}::text[]) as c(id)
    join ${searchPostings} p on p.chunk_id = c.id and p.lexeme = any(${sql.param(lexemes)}::text[])`);
  return unpackPostings(rowsOf<{ postings: string | null }>(result)[0]?.postings);
}

/**
 * Each lexeme's `limit` highest-impact postings in every document, positions included, best first:
 * the lists posting-cache.ts keeps (visibility is checked per search, by visibleFacts).
 */
export async function postingLists(
  db: Database,
  lists: ReadonlyArray<{ lexeme: string; limit: number }>,
): Promise<Map<string, Posting[]>> {
  const out = new Map<string, Posting[]>(lists.map((l) => [l.lexeme, []]));
  if (lists.length === 0) return out;
  // One branch per lexeme, as in topPostings: each walks the impact index and stops at its limit.
  const branches = lists.map(
    ({ lexeme, limit }) => sql`(select ${postingColumns}, p.impact from ${searchPostings} p
      where p.lexeme = ${lexeme} order by p.impact desc nulls last limit ${limit})`,
  );
  const result = await db.execute(sql`
    with top as materialized (${sql.join(branches, sql` union all `)})
    select string_agg(${packed(sql`top`, sql`true`)}, chr(30)
      order by top.lexeme, top.impact desc nulls last, top.chunk_id) as postings
    from top`);
  for (const posting of unpackPostings(rowsOf<{ postings: unknown }>(result)[0]?.postings))
    out.get(posting.lexeme)?.push(posting);
  return out;
}

/**
 * Which of the given documents pass `where` (visibility and filters), with the facts (length,
 * title) of those that have been indexed: primary-key lookups.
 */
export async function visibleFacts(
  db: Database,
  documentIds: string[],
  where: SQL,
): Promise<{ visible: Set<string>; facts: DocumentFacts }> {
  const facts: DocumentFacts = { lengths: new Map(), titles: new Map() };
  const visible = new Set<string>();
  if (documentIds.length === 0) return { visible, facts };
  const result = await db.execute(sql`
    select ${documents.id} as id, ${documents.title} as title,
      (select s.body_terms from ${searchDocuments} s where s.document_id = ${documents.id}) as length
    from ${documents}
    where ${documents.id} = any(${sql.param(documentIds)}::text[]) and ${where}`);
  for (const row of rowsOf<{ id: string; title: string; length: number | string | null }>(result)) {
    visible.add(row.id);
    if (row.length === null) continue; // as documentFacts: no length, no facts
    facts.lengths.set(row.id, Number(row.length));
    facts.titles.set(row.id, row.title);
  }
  return { visible, facts };
}

/**
 * Passages matching a web-search query exactly (phrases, `or`, exclusions) in documents passing
 * `where`, at most `limit`: the candidates of a query with operators, found by the GIN index, or
 * among `within` only (primary-key lookups) when given.
 */
export async function strictMatches(
  db: Database,
  query: string,
  where: SQL,
  limit: number,
  languages: readonly string[],
  within?: string[],
): Promise<string[]> {
  if (within && within.length === 0) return [];
  const among = within ? sql`and ${chunks.id} = any(${sql.param(within)}::text[])` : sql``;
  const matches = matchesInOwnLanguage(sql`${chunks.tsv}`, sql`${chunks.versionId}`, query, languages);
  const result = await db.execute(sql`
    select ${chunks.id} as id from ${chunks} join ${documents} on ${documents.id} = ${chunks.documentId}
    where ${matches} and ${where} ${among}
    limit ${limit}`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/**
 * Documents holding none of the excluded items (web-search syntax, alternatives): a condition on
 * `documents` for any read that joins it. A document is excluded whole, whichever passage holds the
 * word, so an excluded word never shows in a listed document's other passages.
 */
export function withoutExcluded(where: SQL, excludedQuery: string, languages: readonly string[]): SQL {
  const holds = matchesInOwnLanguage(sql`x.tsv`, sql`x.version_id`, excludedQuery, languages);
  return sql`(${where} and not exists (select 1 from ${chunks} x
    where x.document_id = ${documents.id} and ${holds}))`;
}

/** Which of the given documents hold a passage matching the web-search query (a phrase, say). */
export async function documentsMatching(
  db: Database,
  query: string,
  documentIds: string[],
  languages: readonly string[],
): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  const result = await db.execute(sql`
    select distinct x.document_id as id from ${chunks} x
    where x.document_id = any(${sql.param(documentIds)}::text[])
      and ${matchesInOwnLanguage(sql`x.tsv`, sql`x.version_id`, query, languages)}`);
  return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
}

/** Stored embeddings of the given passages (for re-scoring candidates by meaning). */
export async function embeddingsOf(db: Database, chunkIds: string[]): Promise<Map<string, Uint8Array>> {
  if (chunkIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select ${chunks.id} as id, ${chunks.embedding} as embedding from ${chunks}
    where ${chunks.id} = any(${sql.param(chunkIds)}::text[]) and ${chunks.embedding} is not null`);
  const out = new Map<string, Uint8Array>();
  for (const row of rowsOf<{ id: string; embedding: Uint8Array }>(result))
    out.set(row.id, new Uint8Array(row.embedding));
  return out;
}

/** Every statistic recomputed from the passages themselves: what the triggers must always equal. */
export interface StatsSnapshot {
  passages: number;
  bodyTerms: number;
  terms: Map<string, number>;
  postings: number;
  /** Document id → "passages/body length". */
  documents: Map<string, string>;
  documentCount: number;
}

async function documentRows(db: Database, query: SQL): Promise<Map<string, string>> {
  const rows = rowsOf<{ id: string; passages: string; body_terms: string }>(await db.execute(query));
  return new Map(rows.map((row) => [row.id, `${Number(row.passages)}/${Number(row.body_terms)}`]));
}

export async function recomputedStats(db: Database): Promise<StatsSnapshot> {
  const [totals] = rowsOf<{ passages: string; body_terms: string | null; postings: string | null }>(
    await db.execute(sql`select count(*) as passages, sum(search_body_length(${chunks.tsv})) as body_terms,
      sum(length(${chunks.tsv})) as postings from ${chunks}`),
  );
  const terms = rowsOf<{ lexeme: string; df: string }>(
    await db.execute(sql`select u.lexeme, count(*) as df from ${chunks},
      unnest(tsvector_to_array(${chunks.tsv})) u(lexeme) group by u.lexeme`),
  );
  const documents = await documentRows(
    db,
    sql`select ${chunks.documentId} as id, count(*) as passages, sum(search_body_length(${chunks.tsv})) as body_terms
      from ${chunks} group by ${chunks.documentId}`,
  );
  return {
    passages: Number(totals?.passages ?? 0),
    bodyTerms: Number(totals?.body_terms ?? 0),
    postings: Number(totals?.postings ?? 0),
    terms: new Map(terms.map((row) => [row.lexeme, Number(row.df)])),
    documents,
    documentCount: documents.size,
  };
}

/** The statistics as stored. */
export async function storedStats(db: Database): Promise<StatsSnapshot> {
  const [totals] = rowsOf<{ passages: string; body_terms: string; postings: string; documents: string }>(
    await db.execute(sql`select s.passages, s.body_terms, s.documents, (select count(*) from ${searchPostings}) as postings
      from ${searchStats} s where s.id = 1`),
  );
  const terms = rowsOf<{ lexeme: string; df: number }>(
    await db.execute(sql`select lexeme, df from ${searchTerms}`),
  );
  return {
    passages: Number(totals?.passages ?? 0),
    bodyTerms: Number(totals?.body_terms ?? 0),
    postings: Number(totals?.postings ?? 0),
    terms: new Map(terms.map((row) => [row.lexeme, Number(row.df)])),
    documents: await documentRows(
      db,
      sql`select document_id as id, passages, body_terms from ${searchDocuments}`,
    ),
    documentCount: Number(totals?.documents ?? 0),
  };
}
