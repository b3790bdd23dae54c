-- Safeguarding (issue 46 item 6, ADR 0101): candidates' reports worked through by partners and
-- administrators, and contacts a candidate ended with a company. The audit log learns the
-- report status change (its action and target type checks are replaced with the longer lists).
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text,
	"subject" text NOT NULL,
	"reason" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"organization_id" uuid,
	"organization_name" text NOT NULL,
	"vacancy_id" uuid,
	"vacancy_title" text,
	"region" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"status_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_subject" CHECK ("reports"."subject" in ('VACANCY', 'ORGANIZATION', 'CHAT')),
	CONSTRAINT "reports_reason" CHECK ("reports"."reason" in ('HARASSMENT', 'INAPPROPRIATE_CONTENT', 'PERSONAL_DATA', 'DISCRIMINATION', 'FAKE', 'ILLEGAL_WORK', 'OTHER')),
	CONSTRAINT "reports_status" CHECK ("reports"."status" in ('OPEN', 'IN_PROGRESS', 'DONE')),
	CONSTRAINT "reports_region" CHECK ("reports"."region" in ('WORMS', 'ATTENDORN', 'ANHALT_BITTERFELD', 'BARNIM', 'BIRKENFELD', 'BRILON', 'ESSLINGEN', 'VALLENDAR', 'LICHTENFELS', 'MONHEIM_AM_RHEIN', 'OEHRINGEN', 'MERSEBURG', 'NARGOLD', 'SOEST', 'OLSBERG', 'RHEIN_NECKAR', 'SCHMALLENBERG', 'SINDELFINGEN', 'HORB', 'OTHER'))
);
--> statement-breakpoint
CREATE TABLE "contact_ends" (
	"applicant_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_ends_applicant_id_organization_id_pk" PRIMARY KEY("applicant_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_ends" ADD CONSTRAINT "contact_ends_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_ends" ADD CONSTRAINT "contact_ends_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_region_status_created_idx" ON "reports" USING btree ("region","status","created_at");--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "contact_ends_organization_idx" ON "contact_ends" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action" CHECK ("audit_log"."action" in ('organization.created', 'organization.updated', 'organization.deleted', 'organization.activated', 'organization.deactivated', 'organization.approved', 'organization.member_set', 'organization.member_unset', 'organization.region_changed', 'user.created', 'user.updated', 'user.deleted', 'user.disabled', 'user.enabled', 'user.role_changed', 'user.password_reset_sent', 'user.confirmation_resent', 'invitation.sent', 'invitation.accepted', 'invitation.revoked', 'order.created', 'order.updated', 'order.status_changed', 'product.created', 'product.updated', 'retention.settings_changed', 'retention.executed', 'organization.exported', 'report.status_changed'));--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_type";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type" CHECK ("audit_log"."target_type" in ('organization', 'user', 'invitation', 'order', 'product', 'retention', 'report'));
