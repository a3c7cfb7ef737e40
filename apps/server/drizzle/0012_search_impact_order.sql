-- A common lexeme's passages are read best impact first and only so many (ranking.ts's
-- PER_LEXEME, 300), so the impact must order them as the ranking scores them: a title
-- occurrence counts twice a body word and length normalisation is strong (b 0.9), the weights the
-- search benchmark fitted (ranking-params.ts). The old order (title 3, b 0.75) cut passages the
-- ranking would have put first. On the bench's fit half (`npx tsx bench/src/search-depth.ts`),
-- MRR@10 read 300 postings deep was 0.865 with the old order and 0.868 with this one, as much as
-- reading 2,000 deep gives (0.868-0.869). The average passage length stays an assumed 150 words:
-- the order hardly depends on it (the bench's own 42 gave 0.867). Impacts are recomputed from the
-- stored frequencies, so no passage is analysed again.
CREATE OR REPLACE FUNCTION search_impact(title_tf bigint, tags_tf bigint, body_tf bigint, body_length integer) RETURNS real
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (w / (1.2 + w))::real
  FROM (SELECT 2.0 * title_tf + 1.5 * tags_tf + body_tf / (0.1 + 0.9 * body_length / 150.0) AS w) x
$$;
--> statement-breakpoint
UPDATE "search_postings" SET "impact" = search_impact("title_tf", "tags_tf", "body_tf", "body_length");
