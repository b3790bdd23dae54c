CREATE TABLE "legal_acceptances" (
	"user_id" text NOT NULL,
	"document" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_acceptances_user_id_document_version_pk" PRIMARY KEY("user_id","document","version")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"message" text NOT NULL,
	"page" text NOT NULL,
	"screenshot_key" text,
	"screenshot_mime_type" text,
	"status" text DEFAULT 'NEW' NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_created_at_idx" ON "feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedback_status_created_at_idx" ON "feedback" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "feedback_user_id_idx" ON "feedback" USING btree ("user_id");--> statement-breakpoint
-- ADR 0037: who signed before versions existed accepted the version current at this migration
-- (2026-11-26 for both documents; later versions are never written here, only in packages/shared).
-- Candidates keep their own rule (the mobile app's texts): web-app users only.
INSERT INTO "legal_acceptances" ("user_id", "document", "version", "accepted_at")
SELECT "id", 'PRIVACY', '2026-11-26', "privacy_statement_signed_at" FROM "users"
WHERE "privacy_statement_signed_at" IS NOT NULL AND "type" <> 'APPLICANT';--> statement-breakpoint
INSERT INTO "legal_acceptances" ("user_id", "document", "version", "accepted_at")
SELECT "id", 'TERMS', '2026-11-26', "terms_and_conditions_signed_at" FROM "users"
WHERE "terms_and_conditions_signed_at" IS NOT NULL AND "type" <> 'APPLICANT';
