CREATE TABLE "applicant_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_photos_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "applicant_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"names" text[] DEFAULT '{}'::text[] NOT NULL,
	"family_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"date_of_birth" date,
	"school" text,
	"region" text,
	"about" text,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"applicant_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chats_organization_applicant_unique" UNIQUE("organization_id","applicant_id")
);
--> statement-breakpoint
CREATE TABLE "matchings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vacancy_id" uuid NOT NULL,
	"applicant_id" text NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "matchings_vacancy_applicant_unique" UNIQUE("vacancy_id","applicant_id"),
	CONSTRAINT "matchings_state" CHECK ("matchings"."state" in ('OPEN', 'ACCEPTED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chat_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"sender" text NOT NULL,
	"sender_user_id" text,
	"text" text NOT NULL,
	"client_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_chat_seq_unique" UNIQUE("chat_id","seq"),
	CONSTRAINT "messages_chat_sender_client_id_unique" UNIQUE("chat_id","sender","client_message_id"),
	CONSTRAINT "messages_sender" CHECK ("messages"."sender" in ('APPLICANT', 'ORGANIZATION', 'SYSTEM'))
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"user_id" text NOT NULL,
	"window_key" text NOT NULL,
	"interval" text NOT NULL,
	"covered_from" timestamp with time zone NOT NULL,
	"covered_until" timestamp with time zone NOT NULL,
	"matchings_count" integer DEFAULT 0 NOT NULL,
	"messages_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_user_id_window_key_pk" PRIMARY KEY("user_id","window_key")
);
--> statement-breakpoint
ALTER TABLE "applicant_photos" ADD CONSTRAINT "applicant_photos_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD CONSTRAINT "applicant_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchings" ADD CONSTRAINT "matchings_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchings" ADD CONSTRAINT "matchings_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchings" ADD CONSTRAINT "matchings_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_photos_applicant_id_position_idx" ON "applicant_photos" USING btree ("applicant_id","position");--> statement-breakpoint
CREATE INDEX "chats_organization_last_message_idx" ON "chats" USING btree ("organization_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chats_applicant_last_message_idx" ON "chats" USING btree ("applicant_id","last_message_at");--> statement-breakpoint
CREATE INDEX "matchings_applicant_id_idx" ON "matchings" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "matchings_created_at_idx" ON "matchings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_chat_created_at_idx" ON "messages" USING btree ("chat_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_user_until_idx" ON "notification_deliveries" USING btree ("user_id","covered_until");