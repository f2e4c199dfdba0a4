CREATE TABLE "erased_access_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "sessions_ended_reason" text;--> statement-breakpoint
UPDATE "assessments" SET "sessions_ended_reason" = 'refunded' WHERE "cancelled_at" IS NOT NULL;
