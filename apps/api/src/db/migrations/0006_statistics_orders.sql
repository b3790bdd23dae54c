CREATE TABLE "vacancy_views" (
	"vacancy_id" uuid NOT NULL,
	"applicant_id" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacancy_views_vacancy_id_applicant_id_day_pk" PRIMARY KEY("vacancy_id","applicant_id","day")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"organization_name" text NOT NULL,
	"organization_region" text NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"duration_months" integer NOT NULL,
	"postings_count" integer NOT NULL,
	"quantity" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"unit_price_net_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_year" integer NOT NULL,
	"invoice_seq" integer NOT NULL,
	"notes" text,
	"created_by" text,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "orders_invoice_year_seq_unique" UNIQUE("invoice_year","invoice_seq"),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('OPEN', 'PAID', 'CANCELLED')),
	CONSTRAINT "orders_quantity_positive" CHECK ("orders"."quantity" > 0),
	CONSTRAINT "orders_period" CHECK ("orders"."period_end" >= "orders"."period_start")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"duration_months" integer NOT NULL,
	"postings_count" integer NOT NULL,
	"price_net_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "products_duration_positive" CHECK ("products"."duration_months" > 0),
	CONSTRAINT "products_postings_positive" CHECK ("products"."postings_count" > 0),
	CONSTRAINT "products_price_not_negative" CHECK ("products"."price_net_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "vacancy_views" ADD CONSTRAINT "vacancy_views_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_views" ADD CONSTRAINT "vacancy_views_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vacancy_views_day_idx" ON "vacancy_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_organization_idx" ON "orders" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "orders_region_created_at_idx" ON "orders" USING btree ("organization_region","created_at");--> statement-breakpoint
CREATE INDEX "users_type_created_at_idx" ON "users" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "applicant_profiles_region_idx" ON "applicant_profiles" USING btree ("region");--> statement-breakpoint
CREATE INDEX "chats_created_at_idx" ON "chats" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "matchings_decided_at_idx" ON "matchings" USING btree ("decided_at");