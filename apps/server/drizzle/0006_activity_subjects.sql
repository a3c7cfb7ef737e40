ALTER TABLE "activity" ALTER COLUMN "document_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activity" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "subject_type" text DEFAULT 'document' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "activity_created_idx" ON "activity" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "activity_subject_idx" ON "activity" USING btree ("subject_type","subject_id");--> statement-breakpoint
UPDATE "activity" SET "subject_id" = "document_id" WHERE "subject_id" IS NULL;