CREATE TABLE "resumable_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"assessment_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"media_type" text NOT NULL,
	"reservation_id" integer NOT NULL,
	"size" bigint NOT NULL,
	"offset_bytes" bigint DEFAULT 0 NOT NULL,
	"header" "bytea" NOT NULL,
	"parts_id" text,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending" "bytea",
	"tail" "bytea",
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD CONSTRAINT "resumable_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD CONSTRAINT "resumable_uploads_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD CONSTRAINT "resumable_uploads_reservation_id_media_uploads_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."media_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumable_uploads_user_idx" ON "resumable_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "resumable_uploads_assessment_idx" ON "resumable_uploads" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "resumable_uploads_created_idx" ON "resumable_uploads" USING btree ("created_at");