CREATE TABLE IF NOT EXISTS "mail_sent_log" (
	"job_id" text PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_sent_log_sent_at_idx" ON "mail_sent_log" USING btree ("sent_at");
