-- The search index now reads a slash, and a dot between letters, as separators (textkit's
-- searchableText): "CD/DVD" is found by "dvd", "Node.js" by "node". Passages indexed before keep
-- their old lexemes until re-indexed, so every document that has passages is re-indexed in the
-- background, as an upload would be (the jobs are idempotent; a fresh archive queues none).
INSERT INTO "jobs" ("kind", "payload", "dedupe_key", "run_at")
SELECT 'search.index', jsonb_build_object('documentId', d."id"), 'search.index:' || d."id" || ':separators', now()
FROM "documents" d
WHERE EXISTS (SELECT 1 FROM "chunks" c WHERE c."document_id" = d."id");
