CREATE TABLE "approval_templates" (
	"category_id" text PRIMARY KEY NOT NULL,
	"stages" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "out_of_office" (
	"user_id" text PRIMARY KEY NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"delegate_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_reviewers" ADD COLUMN "stage_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_reviewers" ADD COLUMN "group_id" text;--> statement-breakpoint
ALTER TABLE "approval_reviewers" ADD COLUMN "on_behalf_of" text;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "template" jsonb;--> statement-breakpoint
-- Rounds started before templates followed the flow that is now the default template.
UPDATE "approvals" SET "template" = '[{"name":"Review","roles":["Reviewer"],"groupIds":[],"quorum":{"kind":"all"},"dueDays":null,"onChanges":"end","onReject":"end","sendBack":false,"groups":[]},{"name":"Approval","roles":["Approver"],"groupIds":[],"quorum":{"kind":"any"},"dueDays":null,"onChanges":"end","onReject":"end","sendBack":false,"groups":[]}]'::jsonb;--> statement-breakpoint
ALTER TABLE "approvals" ALTER COLUMN "template" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "notice_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_templates" ADD CONSTRAINT "approval_templates_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_templates" ADD CONSTRAINT "approval_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_of_office" ADD CONSTRAINT "out_of_office_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_of_office" ADD CONSTRAINT "out_of_office_delegate_id_users_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_reviewers" ADD CONSTRAINT "approval_reviewers_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_reviewers" ADD CONSTRAINT "approval_reviewers_on_behalf_of_users_id_fk" FOREIGN KEY ("on_behalf_of") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_reviewers_reviewer_idx" ON "approval_reviewers" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "approvals_due_idx" ON "approvals" USING btree ("due_on");;--> statement-breakpoint
-- The approver becomes the approval stage's one assignee; a round that reached it stands on that stage.
UPDATE "approvals" SET "step" = 1 WHERE "stage" IN ('Awaiting Approval', 'Approved', 'Rejected');--> statement-breakpoint
INSERT INTO "approval_reviewers" ("approval_id", "reviewer_id", "position", "status", "comment", "updated_at", "stage_index")
  SELECT "id", "approver_id", 100, "approver_status", "approver_comment", "updated_at", 1 FROM "approvals"
  ON CONFLICT DO NOTHING;
