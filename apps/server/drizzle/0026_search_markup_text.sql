-- The search index no longer lets PostgreSQL's parser read "<" as the start of an HTML tag
-- (textkit's searchableText): a tag's words are found, and so is every word after a `<script` or
-- `<style` that was skipped up to its closing tag or to the end of the passage. Only text with a
-- "<" indexes differently, so only documents whose passages, title or tags hold one are re-indexed
-- in the background, as an upload would be (the jobs are idempotent; a fresh archive queues none).
INSERT INTO "jobs" ("kind", "payload", "dedupe_key", "run_at")
SELECT 'search.index', jsonb_build_object('documentId', d."id"), 'search.index:' || d."id" || ':markup-text', now()
FROM "documents" d
WHERE strpos(d."title", '<') > 0
   OR strpos(d."tags"::text, '<') > 0
   OR EXISTS (
     SELECT 1 FROM "chunks" c
     WHERE c."document_id" = d."id" AND (strpos(c."text", '<') > 0 OR strpos(coalesce(c."heading", ''), '<') > 0)
   );
