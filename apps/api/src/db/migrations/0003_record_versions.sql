ALTER TABLE "organizations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;