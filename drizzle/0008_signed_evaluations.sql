ALTER TABLE "evaluation_addenda" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "sent_by_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_name" text DEFAULT '' NOT NULL;