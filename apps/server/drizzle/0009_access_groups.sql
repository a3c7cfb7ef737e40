CREATE TYPE "public"."access_level" AS ENUM('view', 'add', 'edit');--> statement-breakpoint
CREATE TYPE "public"."everyone_access" AS ENUM('none', 'view', 'add', 'edit');--> statement-breakpoint
CREATE TABLE "category_group_access" (
	"category_id" text NOT NULL,
	"group_id" text NOT NULL,
	"access" "access_level" NOT NULL,
	CONSTRAINT "category_group_access_category_id_group_id_pk" PRIMARY KEY("category_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "document_group_access" (
	"document_id" text NOT NULL,
	"group_id" text NOT NULL,
	CONSTRAINT "document_group_access_document_id_group_id_pk" PRIMARY KEY("document_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "document_user_access" (
	"document_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "document_user_access_document_id_user_id_pk" PRIMARY KEY("document_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "everyone_access" "everyone_access" DEFAULT 'edit' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "category_group_access" ADD CONSTRAINT "category_group_access_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_group_access" ADD CONSTRAINT "category_group_access_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_group_access" ADD CONSTRAINT "document_group_access_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_group_access" ADD CONSTRAINT "document_group_access_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_user_access" ADD CONSTRAINT "document_user_access_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_user_access" ADD CONSTRAINT "document_user_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_group_access_group_idx" ON "category_group_access" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "document_group_access_group_idx" ON "document_group_access" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "document_user_access_user_idx" ON "document_user_access" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");