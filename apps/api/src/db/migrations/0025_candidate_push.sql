CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_key" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "candidate_notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"push_matching_accepted" boolean DEFAULT true NOT NULL,
	"push_matching_declined" boolean DEFAULT true NOT NULL,
	"push_message" boolean DEFAULT true NOT NULL,
	"email_matching_accepted" boolean DEFAULT true NOT NULL,
	"email_matching_declined" boolean DEFAULT true NOT NULL,
	"email_message" boolean DEFAULT true NOT NULL,
	"quiet_hours" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_mail_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"organization_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "candidate_mail_items_kind" CHECK ("candidate_mail_items"."kind" in ('MATCHING_ACCEPTED', 'MATCHING_DECLINED', 'MESSAGE'))
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_notification_settings" ADD CONSTRAINT "candidate_notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_mail_items" ADD CONSTRAINT "candidate_mail_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_mail_items" ADD CONSTRAINT "candidate_mail_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "candidate_mail_items_pending_idx" ON "candidate_mail_items" USING btree ("user_id") WHERE "candidate_mail_items"."mailed_at" is null;
