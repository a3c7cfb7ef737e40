CREATE TABLE "ingestion_items" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"path" text,
	"size" bigint,
	"mtime" text,
	"sha256" text,
	"state" text NOT NULL,
	"reason" text,
	"document_id" text,
	"location" text,
	"destination" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingestion_sources" (
	"name" text PRIMARY KEY NOT NULL,
	"last_scan_at" timestamp with time zone,
	"status" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ingestion_items_claim_idx" ON "ingestion_items" USING btree ("source","path","size","mtime","sha256") WHERE path is not null;--> statement-breakpoint
CREATE INDEX "ingestion_items_created_idx" ON "ingestion_items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ingestion_items_document_idx" ON "ingestion_items" USING btree ("document_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION quire_notify_ingestion_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('quire_events', json_build_object('type', 'ingestion.changed')::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER ingestion_items_notify AFTER INSERT OR UPDATE ON "ingestion_items"
  FOR EACH STATEMENT EXECUTE FUNCTION quire_notify_ingestion_changed();
