-- Live updates: every change to a document, an approval or a notification sends a NOTIFY on
-- 'quire_events' from inside the transaction that makes it, so it is heard only after commit, by
-- every server process (PostgreSQL) or by this process (PGlite). Services cannot forget to publish.
CREATE OR REPLACE FUNCTION quire_notify_document_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('quire_events', json_build_object('type', 'document.changed', 'documentId', NEW.id)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quire_notify_approval_changed() RETURNS trigger AS $$
DECLARE
  doc_id text;
BEGIN
  IF TG_TABLE_NAME = 'approvals' THEN
    doc_id := NEW.document_id;
  ELSE
    SELECT a.document_id INTO doc_id FROM approvals a WHERE a.id = NEW.approval_id;
  END IF;
  PERFORM pg_notify('quire_events', json_build_object('type', 'approval.changed', 'documentId', doc_id)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quire_notify_notification_created() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('quire_events', json_build_object('type', 'notification.created', 'userIds', json_build_array(NEW.user_id))::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER documents_live_events AFTER INSERT OR UPDATE ON documents
  FOR EACH ROW EXECUTE FUNCTION quire_notify_document_changed();
--> statement-breakpoint
CREATE TRIGGER approvals_live_events AFTER INSERT OR UPDATE ON approvals
  FOR EACH ROW EXECUTE FUNCTION quire_notify_approval_changed();
--> statement-breakpoint
CREATE TRIGGER approval_reviewers_live_events AFTER INSERT OR UPDATE ON approval_reviewers
  FOR EACH ROW EXECUTE FUNCTION quire_notify_approval_changed();
--> statement-breakpoint
CREATE TRIGGER notifications_live_events AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION quire_notify_notification_created();
