CREATE TYPE "public"."document_status" AS ENUM('Draft', 'In Review', 'Approved', 'Rejected', 'Changes Requested');--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "status" SET DATA TYPE "public"."document_status" USING "status"::"public"."document_status";--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "status" SET DEFAULT 'Draft'::"public"."document_status";
