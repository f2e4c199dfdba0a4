-- The assessment is a record of its own, the code that opens it a row of its own table.
-- Renames keep every row, id and sequence; constraints and indexes take the names Drizzle gives.
ALTER TABLE "access_codes" RENAME TO "assessments";--> statement-breakpoint
ALTER SEQUENCE "access_codes_id_seq" RENAME TO "assessments_id_seq";--> statement-breakpoint
ALTER INDEX "access_codes_pkey" RENAME TO "assessments_pkey";--> statement-breakpoint
ALTER TABLE "assessments" RENAME CONSTRAINT "access_codes_user_id_users_id_fk" TO "assessments_user_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "access_codes_user_idx" RENAME TO "assessments_user_idx";--> statement-breakpoint
ALTER INDEX "access_codes_status_due_idx" RENAME TO "assessments_status_due_idx";--> statement-breakpoint
ALTER TABLE "assessments" RENAME CONSTRAINT "access_codes_code_hash_unique" TO "assessments_code_hash_unique";--> statement-breakpoint
ALTER TABLE "responses" RENAME TO "answers";--> statement-breakpoint
ALTER SEQUENCE "responses_id_seq" RENAME TO "answers_id_seq";--> statement-breakpoint
ALTER INDEX "responses_pkey" RENAME TO "answers_pkey";--> statement-breakpoint
ALTER TABLE "answers" RENAME COLUMN "access_code_id" TO "assessment_id";--> statement-breakpoint
ALTER TABLE "answers" RENAME CONSTRAINT "responses_access_code_id_access_codes_id_fk" TO "answers_assessment_id_assessments_id_fk";--> statement-breakpoint
ALTER TABLE "answers" RENAME CONSTRAINT "responses_option_id_question_options_id_fk" TO "answers_option_id_question_options_id_fk";--> statement-breakpoint
ALTER TABLE "answers" RENAME CONSTRAINT "responses_question_id_questions_id_fk" TO "answers_question_id_questions_id_fk";--> statement-breakpoint
ALTER TABLE "answers" RENAME CONSTRAINT "responses_user_id_users_id_fk" TO "answers_user_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "responses_code_question_uq" RENAME TO "answers_assessment_question_uq";--> statement-breakpoint
ALTER INDEX "responses_user_idx" RENAME TO "answers_user_idx";--> statement-breakpoint
ALTER TABLE "media_uploads" RENAME COLUMN "access_code_id" TO "assessment_id";--> statement-breakpoint
ALTER TABLE "media_uploads" RENAME CONSTRAINT "media_uploads_access_code_id_access_codes_id_fk" TO "media_uploads_assessment_id_assessments_id_fk";--> statement-breakpoint
ALTER INDEX "media_uploads_access_code_idx" RENAME TO "media_uploads_assessment_idx";--> statement-breakpoint
ALTER TABLE "payments" RENAME COLUMN "access_code_id" TO "assessment_id";--> statement-breakpoint
ALTER TABLE "payments" RENAME CONSTRAINT "payments_access_code_id_access_codes_id_fk" TO "payments_assessment_id_assessments_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" RENAME COLUMN "access_code_id" TO "assessment_id";--> statement-breakpoint
ALTER TABLE "invoices" RENAME CONSTRAINT "invoices_access_code_id_access_codes_id_fk" TO "invoices_assessment_id_assessments_id_fk";--> statement-breakpoint
ALTER TABLE "evaluations" RENAME COLUMN "access_code_id" TO "assessment_id";--> statement-breakpoint
ALTER TABLE "evaluations" RENAME CONSTRAINT "evaluations_access_code_id_access_codes_id_fk" TO "evaluations_assessment_id_assessments_id_fk";--> statement-breakpoint
ALTER TABLE "evaluation_addenda" RENAME COLUMN "access_code_id" TO "assessment_id";--> statement-breakpoint
ALTER TABLE "evaluation_addenda" RENAME CONSTRAINT "evaluation_addenda_access_code_id_access_codes_id_fk" TO "evaluation_addenda_assessment_id_assessments_id_fk";--> statement-breakpoint
ALTER TABLE "audit_log" RENAME COLUMN "access_code_id" TO "assessment_id";--> statement-breakpoint
ALTER TABLE "jobs" RENAME CONSTRAINT "jobs_assessment_id_access_codes_id_fk" TO "jobs_assessment_id_assessments_id_fk";--> statement-breakpoint
CREATE TABLE "access_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"code_hint" text NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_codes_assessment_idx" ON "access_codes" USING btree ("assessment_id");--> statement-breakpoint
-- Each assessment's code moves to a row of its own. A code retired before (its hash cleared)
-- keeps its hint for the practice; its row holds a hash no code can have, so it never matches.
INSERT INTO "access_codes" ("assessment_id", "code_hash", "code_hint", "retired_at", "created_at")
SELECT "id", COALESCE("code_hash", 'retired:' || "id"), "code_hint",
	CASE WHEN "code_hash" IS NULL THEN COALESCE("cancelled_at", now()) END, "created_at"
FROM "assessments" ORDER BY "id";--> statement-breakpoint
ALTER TABLE "assessments" DROP CONSTRAINT "assessments_code_hash_unique";--> statement-breakpoint
ALTER TABLE "assessments" DROP COLUMN "code_hash";--> statement-breakpoint
ALTER TABLE "assessments" DROP COLUMN "code_hint";--> statement-breakpoint
-- An answer is one value, as its question's type stores it (null for a skipped question); the
-- option it chose and the file it shows stay beside it, for the database to keep track of.
ALTER TABLE "answers" ADD COLUMN "value" jsonb;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "file_path" text;--> statement-breakpoint
UPDATE "answers" AS a SET
	"value" = CASE
		WHEN q."question_type" = 'text' AND a."answer_text" IS NOT NULL
			THEN jsonb_build_object('answerText', a."answer_text")
		WHEN q."question_type" = 'multiple_choice' AND a."option_id" IS NOT NULL
			THEN jsonb_build_object('optionId', a."option_id")
		WHEN q."question_type" IN ('photo', 'video') AND a."media_path" IS NOT NULL
			THEN jsonb_build_object('mediaType', a."media_type", 'mediaPath', a."media_path")
		WHEN q."question_type" = 'pain_atlas' AND a."pain_points" IS NOT NULL
			THEN jsonb_build_object('painPoints', a."pain_points")
		WHEN q."question_type" = 'pain_symptoms' AND a."symptoms" IS NOT NULL
			THEN jsonb_build_object('symptoms', a."symptoms")
	END,
	"file_path" = a."media_path"
FROM "questions" AS q WHERE q."id" = a."question_id";--> statement-breakpoint
ALTER TABLE "answers" DROP COLUMN "answer_text";--> statement-breakpoint
ALTER TABLE "answers" DROP COLUMN "media_type";--> statement-breakpoint
ALTER TABLE "answers" DROP COLUMN "media_path";--> statement-breakpoint
ALTER TABLE "answers" DROP COLUMN "pain_points";--> statement-breakpoint
ALTER TABLE "answers" DROP COLUMN "symptoms";
