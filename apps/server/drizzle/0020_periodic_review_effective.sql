ALTER TABLE "categories" ADD COLUMN "review_interval_months" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "effective_version" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "effective_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "effective_on" date;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "review_interval_months" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "review_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "next_review_on" date;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "review_notice_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_next_review_idx" ON "documents" USING btree ("next_review_on");--> statement-breakpoint
UPDATE "documents" d SET "effective_version" = a."version", "effective_at" = a."updated_at",
	"effective_on" = (a."updated_at" AT TIME ZONE 'UTC')::date
FROM (
	SELECT DISTINCT ON ("document_id") "document_id", "version", "updated_at" FROM "approvals"
	WHERE "stage" = 'Approved' ORDER BY "document_id", "version" DESC, "round" DESC
) a WHERE a."document_id" = d."id";
