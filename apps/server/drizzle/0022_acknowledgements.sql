CREATE TABLE "acknowledgement_campaign_groups" (
	"campaign_id" text NOT NULL,
	"group_id" text NOT NULL,
	CONSTRAINT "acknowledgement_campaign_groups_campaign_id_group_id_pk" PRIMARY KEY("campaign_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "acknowledgement_campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"version" integer NOT NULL,
	"everyone" boolean DEFAULT false NOT NULL,
	"started_by" text,
	"started_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"superseded_by_version" integer,
	"reminded_at" timestamp with time zone,
	"original_sha256" text NOT NULL,
	"markdown_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acknowledgements" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"document_id" text NOT NULL,
	"version" integer NOT NULL,
	"user_id" text NOT NULL,
	"original_sha256" text NOT NULL,
	"markdown_sha256" text NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acknowledgement_campaign_groups" ADD CONSTRAINT "acknowledgement_campaign_groups_campaign_id_acknowledgement_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."acknowledgement_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgement_campaign_groups" ADD CONSTRAINT "acknowledgement_campaign_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgement_campaigns" ADD CONSTRAINT "acknowledgement_campaigns_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgement_campaigns" ADD CONSTRAINT "acknowledgement_campaigns_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgements" ADD CONSTRAINT "acknowledgements_campaign_id_acknowledgement_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."acknowledgement_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgements" ADD CONSTRAINT "acknowledgements_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgements" ADD CONSTRAINT "acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acknowledgement_campaigns_version_idx" ON "acknowledgement_campaigns" USING btree ("document_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "acknowledgement_campaigns_open_idx" ON "acknowledgement_campaigns" USING btree ("document_id") WHERE "acknowledgement_campaigns"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "acknowledgements_campaign_user_idx" ON "acknowledgements" USING btree ("campaign_id","user_id");--> statement-breakpoint
CREATE INDEX "acknowledgements_user_idx" ON "acknowledgements" USING btree ("user_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION quire_refuse_acknowledgement_change() RETURNS trigger AS $$
BEGIN
  -- A restore replaces the whole archive in one transaction and says so; nothing else may.
  IF TG_OP = 'DELETE' AND current_setting('quire.restore', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'acknowledgements is append-only: % is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER acknowledgements_append_only BEFORE UPDATE OR DELETE ON "acknowledgements"
  FOR EACH ROW EXECUTE FUNCTION quire_refuse_acknowledgement_change();
