ALTER TABLE "media_uploads" ADD COLUMN "status" text DEFAULT 'stored' NOT NULL;--> statement-breakpoint
CREATE INDEX "media_uploads_access_code_idx" ON "media_uploads" USING btree ("access_code_id");