ALTER TABLE "questions" ADD COLUMN "required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "max_recording_seconds" integer DEFAULT 60 NOT NULL;