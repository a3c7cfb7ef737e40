ALTER TABLE "search_stats" ADD COLUMN "generation" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The postings' generation: a new value whenever passages are added or removed, which search's
-- cache of posting lists is keyed by (modules/search/posting-cache.ts). It comes from a sequence,
-- not a counter: a sequence never gives a value twice, even to a transaction that rolled back, so
-- two states of the postings never share a generation. Set in the statement that already locks
-- the stats row first (the writers' lock order stays as it was).
CREATE SEQUENCE "search_generation";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_add(ids text[], docs text[], tsvs tsvector[]) RETURNS void LANGUAGE sql AS $$
  UPDATE search_stats
  SET generation = nextval('search_generation'),
      passages = passages + cardinality(ids),
      body_terms = body_terms + (SELECT coalesce(sum(search_body_length(t)), 0) FROM unnest(tsvs) t)
  WHERE id = 1;
  WITH added AS (
    INSERT INTO search_documents (document_id, passages, body_terms)
    SELECT x.document_id, count(*), sum(search_body_length(x.tsv))
    FROM unnest(docs, tsvs) AS x(document_id, tsv) GROUP BY x.document_id
    ON CONFLICT (document_id) DO UPDATE
      SET passages = search_documents.passages + excluded.passages,
          body_terms = search_documents.body_terms + excluded.body_terms
    RETURNING (xmax = 0) AS inserted)
  UPDATE search_stats SET documents = documents + (SELECT count(*) FROM added WHERE inserted) WHERE id = 1;
  WITH g AS MATERIALIZED (
    SELECT x.id, x.document_id, x.tsv, search_body_length(x.tsv) AS len
    FROM unnest(ids, docs, tsvs) AS x(id, document_id, tsv))
  INSERT INTO search_postings (lexeme, chunk_id, document_id, title_tf, tags_tf, body_tf, body_length, positions, impact)
  SELECT u.lexeme, g.id, g.document_id, w.a, w.b, w.c, g.len, u.positions[1:64], search_impact(w.a, w.b, w.c, g.len)
  FROM g
  CROSS JOIN LATERAL unnest(g.tsv) u
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE x = 'A') AS a, count(*) FILTER (WHERE x = 'B') AS b,
           count(*) FILTER (WHERE x IN ('C', 'D')) AS c
    FROM unnest(u.weights) x) w;
  INSERT INTO search_terms (lexeme, df)
  SELECT u.lexeme, count(*) FROM unnest(tsvs) t, unnest(tsvector_to_array(t)) u(lexeme) GROUP BY u.lexeme
  ON CONFLICT (lexeme) DO UPDATE SET df = search_terms.df + excluded.df;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_remove(ids text[], docs text[], tsvs tsvector[]) RETURNS void LANGUAGE sql AS $$
  UPDATE search_stats
  SET generation = nextval('search_generation'),
      passages = passages - cardinality(ids),
      body_terms = body_terms - (SELECT coalesce(sum(search_body_length(t)), 0) FROM unnest(tsvs) t)
  WHERE id = 1;
  UPDATE search_documents d SET passages = d.passages - g.n, body_terms = d.body_terms - g.len
  FROM (SELECT x.document_id, count(*) AS n, sum(search_body_length(x.tsv)) AS len
        FROM unnest(docs, tsvs) AS x(document_id, tsv) GROUP BY x.document_id) g
  WHERE d.document_id = g.document_id;
  WITH emptied AS (DELETE FROM search_documents WHERE document_id = ANY(docs) AND passages <= 0 RETURNING 1)
  UPDATE search_stats SET documents = documents - (SELECT count(*) FROM emptied) WHERE id = 1;
  DELETE FROM search_postings p
  USING (SELECT x.id, u.lexeme FROM unnest(ids, tsvs) AS x(id, tsv), unnest(tsvector_to_array(x.tsv)) u(lexeme)) g
  WHERE p.lexeme = g.lexeme AND p.chunk_id = g.id;
  WITH counts AS (
    SELECT u.lexeme, count(*) AS n FROM unnest(tsvs) t, unnest(tsvector_to_array(t)) u(lexeme) GROUP BY u.lexeme)
  UPDATE search_terms s SET df = s.df - counts.n FROM counts WHERE s.lexeme = counts.lexeme;
  DELETE FROM search_terms s
  USING (SELECT DISTINCT u.lexeme FROM unnest(tsvs) t, unnest(tsvector_to_array(t)) u(lexeme)) g
  WHERE s.lexeme = g.lexeme AND s.df <= 0;
$$;
