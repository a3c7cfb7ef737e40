CREATE TABLE "search_documents" (
	"document_id" text PRIMARY KEY NOT NULL,
	"passages" integer NOT NULL,
	"body_terms" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_stats" ADD COLUMN "documents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Adds passages to the statistics, now with their documents' lengths. The stats row is updated
-- first: every writer locks it before any other statistics row, so writers never cross.
CREATE OR REPLACE FUNCTION search_add(ids text[], docs text[], tsvs tsvector[]) RETURNS void LANGUAGE sql AS $$
  UPDATE search_stats
  SET passages = passages + cardinality(ids),
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
  INSERT INTO search_postings (lexeme, chunk_id, document_id, title_tf, tags_tf, body_tf, body_length, positions, impact)
  SELECT u.lexeme, g.id, g.document_id, w.a, w.b, w.c, g.len, u.positions[1:64], search_impact(w.a, w.b, w.c, g.len)
  FROM (SELECT x.id, x.document_id, x.tsv, search_body_length(x.tsv) AS len
        FROM unnest(ids, docs, tsvs) AS x(id, document_id, tsv)) g
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
DROP FUNCTION search_remove(text[], tsvector[]);
--> statement-breakpoint
CREATE FUNCTION search_remove(ids text[], docs text[], tsvs tsvector[]) RETURNS void LANGUAGE sql AS $$
  UPDATE search_stats
  SET passages = passages - cardinality(ids),
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_chunks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_add(array_agg(id), array_agg(document_id), array_agg(tsv)) FROM new_chunks HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_remove(array_agg(id), array_agg(document_id), array_agg(tsv)) FROM old_chunks HAVING count(*) > 0;
  ELSE
    -- Embedding updates leave the words alone: only passages whose tsvector changed are re-counted.
    PERFORM search_remove(array_agg(o.id), array_agg(o.document_id), array_agg(o.tsv))
    FROM old_chunks o JOIN new_chunks n ON n.id = o.id
    WHERE o.tsv IS DISTINCT FROM n.tsv OR o.document_id IS DISTINCT FROM n.document_id HAVING count(*) > 0;
    PERFORM search_add(array_agg(n.id), array_agg(n.document_id), array_agg(n.tsv))
    FROM old_chunks o JOIN new_chunks n ON n.id = o.id
    WHERE o.tsv IS DISTINCT FROM n.tsv OR o.document_id IS DISTINCT FROM n.document_id HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO search_documents (document_id, passages, body_terms)
SELECT document_id, count(*), sum(search_body_length(tsv)) FROM chunks GROUP BY document_id;
--> statement-breakpoint
UPDATE search_stats SET documents = (SELECT count(*) FROM search_documents) WHERE id = 1;
