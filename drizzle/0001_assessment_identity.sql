CREATE TABLE "sign_in_backoff" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_codes" ALTER COLUMN "code_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "client_secret_hash" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "session_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "reserved_by_intent" text;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "reserved_at" timestamp with time zone;--> statement-breakpoint
-- Each assessment keeps the details entered at its own checkout; copy them from the account
-- before the account loses them, then keep only administrators' display names there.
UPDATE "access_codes" AS a SET "email" = u."email", "first_name" = u."first_name",
  "last_name" = u."last_name", "date_of_birth" = u."date_of_birth", "phone" = u."phone",
  "address" = u."address", "postal_code" = u."postal_code", "city" = u."city",
  "state" = u."state", "language" = u."language", "consent_at" = u."consent_at",
  "consent_version" = u."consent_version"
FROM "users" AS u WHERE u."id" = a."user_id";--> statement-breakpoint
UPDATE "users" SET "first_name" = '', "last_name" = '' WHERE "is_admin" = false;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "date_of_birth";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "phone";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "address";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "postal_code";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "city";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "language";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "consent_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "consent_version";