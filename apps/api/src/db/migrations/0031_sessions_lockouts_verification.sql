-- Issue 46: a push subscription belongs to the session (device sign-in) that made it, so ending that
-- session (sign-out, "sign out of all other devices", password change) removes it by cascade.
-- Subscriptions from before this migration keep a null session and go with the account.
-- Issue 49 item 1: sign-in failure counters in PostgreSQL (rate-limiter-flexible's store shape),
-- so a Redis restart no longer resets lockouts (ADR 0109).
-- Issue 49 item 13: e-mail verification links are single-use (ADR 0110): a used link's hash is kept
-- until the link would have expired anyway.
ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_id_idx" ON "push_subscriptions" USING btree ("session_id");--> statement-breakpoint
CREATE TABLE "sign_in_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sign_in_counters_expires_at_idx" ON "sign_in_counters" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "used_email_verifications" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_email_verifications_expires_at_idx" ON "used_email_verifications" USING btree ("expires_at");
