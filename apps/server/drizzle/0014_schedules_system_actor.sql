CREATE TABLE "schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "system_actor" boolean DEFAULT false NOT NULL;