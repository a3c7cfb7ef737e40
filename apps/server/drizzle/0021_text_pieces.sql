CREATE TABLE "text_pieces" (
	"key" text NOT NULL,
	"ordinal" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_pieces_key_ordinal_pk" PRIMARY KEY("key","ordinal")
);
--> statement-breakpoint
-- Texts are stored as they are, not compressed: compressing a 4.7-million-character text held the
-- embedded database's thread (the one that answers requests) half a second, and the start of a
-- text (for tags and previews) is then read without reading the rest.
ALTER TABLE "text_pieces" ALTER COLUMN "text" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "versions" ALTER COLUMN "content" SET STORAGE EXTERNAL;
