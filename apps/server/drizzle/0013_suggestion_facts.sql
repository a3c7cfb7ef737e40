CREATE TABLE "version_facts" (
	"version_id" text PRIMARY KEY NOT NULL,
	"content_bytes" integer NOT NULL,
	"minhash" "bytea" NOT NULL,
	"smallest" "bytea" NOT NULL,
	"shingles" integer NOT NULL,
	"review_value" text,
	"review_date" timestamp with time zone,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "version_facts" ADD CONSTRAINT "version_facts_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;