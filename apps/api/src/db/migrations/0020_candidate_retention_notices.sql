CREATE TABLE "candidate_retention_notices" (
	"applicant_id" text PRIMARY KEY NOT NULL,
	"noticed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_retention_notices" ADD CONSTRAINT "candidate_retention_notices_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;