CREATE TABLE "search_postings" (
	"lexeme" text NOT NULL,
	"chunk_id" text NOT NULL,
	"document_id" text NOT NULL,
	"title_tf" smallint NOT NULL,
	"tags_tf" smallint NOT NULL,
	"body_tf" smallint NOT NULL,
	"body_length" integer NOT NULL,
	"positions" smallint[] NOT NULL,
	"impact" real NOT NULL,
	CONSTRAINT "search_postings_lexeme_chunk_id_pk" PRIMARY KEY("lexeme","chunk_id")
);
--> statement-breakpoint
CREATE TABLE "search_stats" (
	"id" integer PRIMARY KEY NOT NULL,
	"passages" bigint NOT NULL,
	"body_terms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"df" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_postings_impact_idx" ON "search_postings" USING btree ("lexeme","impact" DESC NULLS LAST);--> statement-breakpoint
-- Body words of a passage: positions weighted C (heading and text) or D; title (A) and tags (B) are fields of their own.
CREATE FUNCTION search_body_length(tsv tsvector) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(sum((SELECT count(*) FROM unnest(u.weights) w WHERE w IN ('C', 'D'))), 0)::integer
  FROM unnest(tsv) u
$$;
--> statement-breakpoint
-- The order in which a lexeme's passages are read when it is too common to read them all:
-- BM25's saturated term weight with fixed field weights and an assumed average length of 150.
CREATE FUNCTION search_impact(title_tf bigint, tags_tf bigint, body_tf bigint, body_length integer) RETURNS real
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (w / (1.2 + w))::real
  FROM (SELECT 3.0 * title_tf + 1.5 * tags_tf + body_tf / (0.25 + 0.75 * body_length / 150.0) AS w) x
$$;
--> statement-breakpoint
-- Adds passages to the statistics. The stats row is updated first: every writer locks it before
-- any lexeme row, so concurrent writers queue there and never lock lexemes in crossing orders.
CREATE FUNCTION search_add(ids text[], docs text[], tsvs tsvector[]) RETURNS void LANGUAGE sql AS $$
  UPDATE search_stats
  SET passages = passages + cardinality(ids),
      body_terms = body_terms + (SELECT coalesce(sum(search_body_length(t)), 0) FROM unnest(tsvs) t)
  WHERE id = 1;
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
CREATE FUNCTION search_remove(ids text[], tsvs tsvector[]) RETURNS void LANGUAGE sql AS $$
  UPDATE search_stats
  SET passages = passages - cardinality(ids),
      body_terms = body_terms - (SELECT coalesce(sum(search_body_length(t)), 0) FROM unnest(tsvs) t)
  WHERE id = 1;
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
-- One trigger function for every change to chunks, statement by statement (transition tables), so
-- a cascade from a deleted document or a batch insert keeps the statistics exact like any other.
CREATE FUNCTION search_chunks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_add(array_agg(id), array_agg(document_id), array_agg(tsv)) FROM new_chunks HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_remove(array_agg(id), array_agg(tsv)) FROM old_chunks HAVING count(*) > 0;
  ELSE
    -- Embedding updates leave the words alone: only passages whose tsvector changed are re-counted.
    PERFORM search_remove(array_agg(o.id), array_agg(o.tsv))
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
CREATE TRIGGER search_chunks_inserted AFTER INSERT ON chunks REFERENCING NEW TABLE AS new_chunks
  FOR EACH STATEMENT EXECUTE FUNCTION search_chunks_changed();
--> statement-breakpoint
CREATE TRIGGER search_chunks_deleted AFTER DELETE ON chunks REFERENCING OLD TABLE AS old_chunks
  FOR EACH STATEMENT EXECUTE FUNCTION search_chunks_changed();
--> statement-breakpoint
CREATE TRIGGER search_chunks_updated AFTER UPDATE ON chunks REFERENCING OLD TABLE AS old_chunks NEW TABLE AS new_chunks
  FOR EACH STATEMENT EXECUTE FUNCTION search_chunks_changed();
--> statement-breakpoint
INSERT INTO search_stats (id, passages, body_terms) VALUES (1, 0, 0);
--> statement-breakpoint
SELECT search_add(array_agg(id), array_agg(document_id), array_agg(tsv)) FROM chunks HAVING count(*) > 0;
