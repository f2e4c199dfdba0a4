CREATE TABLE "evaluation_addenda" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"access_code_id" integer NOT NULL,
	"text" text NOT NULL,
	"author_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_conclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"text_en" text NOT NULL,
	"text_de" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"access_code_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"conclusion_id" integer,
	"findings" text DEFAULT '' NOT NULL,
	"recommendations" text DEFAULT '' NOT NULL,
	"call_to_action" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text,
	"sent_at" timestamp with time zone,
	"sent_by_user_id" integer,
	"sent_by_email" text,
	"conclusion_en" text,
	"conclusion_de" text
);
--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "review_started_by" text;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "overdue_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evaluation_addenda" ADD CONSTRAINT "evaluation_addenda_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_addenda" ADD CONSTRAINT "evaluation_addenda_access_code_id_access_codes_id_fk" FOREIGN KEY ("access_code_id") REFERENCES "public"."access_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_access_code_id_access_codes_id_fk" FOREIGN KEY ("access_code_id") REFERENCES "public"."access_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_conclusion_id_evaluation_conclusions_id_fk" FOREIGN KEY ("conclusion_id") REFERENCES "public"."evaluation_conclusions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_addenda_assessment_idx" ON "evaluation_addenda" USING btree ("access_code_id");--> statement-breakpoint
INSERT INTO "evaluation_conclusions" ("text_en", "text_de", "position") VALUES
	('No signs of CMD', 'Keine Anzeichen einer CMD', 1),
	('Signs of CMD: clinical examination recommended', 'Anzeichen einer CMD: klinische Untersuchung empfohlen', 2),
	('Marked signs of CMD: prompt examination recommended', 'Deutliche Anzeichen einer CMD: zeitnahe Untersuchung empfohlen', 3);
