CREATE TABLE "approval_records" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"approval_id" text NOT NULL,
	"round" integer NOT NULL,
	"signer_id" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"meaning" text NOT NULL,
	"payload" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_signing" (
	"category_id" text PRIMARY KEY NOT NULL,
	"requires_password" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_records" ADD CONSTRAINT "approval_records_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_records" ADD CONSTRAINT "approval_records_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_records" ADD CONSTRAINT "approval_records_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_signing" ADD CONSTRAINT "category_signing_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_records_approval_idx" ON "approval_records" USING btree ("approval_id","signed_at");--> statement-breakpoint
CREATE INDEX "approval_records_document_idx" ON "approval_records" USING btree ("document_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION quire_refuse_record_change() RETURNS trigger AS $$
BEGIN
  -- A restore replaces the whole archive in one transaction and says so; nothing else may.
  IF TG_OP = 'DELETE' AND current_setting('quire.restore', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'approval_records is append-only: % is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER approval_records_append_only BEFORE UPDATE OR DELETE ON "approval_records"
  FOR EACH ROW EXECUTE FUNCTION quire_refuse_record_change();
