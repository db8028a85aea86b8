CREATE TYPE "public"."validation_section_decision" AS ENUM('approved', 'correction');--> statement-breakpoint
CREATE TYPE "public"."validation_reason" AS ENUM('application', 'identityChange', 'yearlyCheck');--> statement-breakpoint
CREATE TYPE "public"."validation_section" AS ENUM('info', 'profile', 'address', 'mail', 'phone', 'confectioninformation', 'bank', 'miscellaneous', 'agb', 'clubs');--> statement-breakpoint
CREATE TYPE "public"."validation_state" AS ENUM('open', 'in_review', 'corrections_requested', 'resubmitted', 'approved');--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'validation';--> statement-breakpoint
CREATE TABLE "club_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"token" text NOT NULL,
	"label" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "validation_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"reason" "validation_reason" NOT NULL,
	"state" "validation_state" DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"requested_roles" jsonb DEFAULT '["member"]'::jsonb NOT NULL,
	"message" text,
	"terms_version" text,
	"terms_text" text,
	"terms_accepted_at" timestamp with time zone,
	"invitation_id" uuid,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "validation_club_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"accepts_applications" boolean DEFAULT false NOT NULL,
	"terms_version" text DEFAULT '1' NOT NULL,
	"terms_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "validation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"section" "validation_section" NOT NULL,
	"decision" "validation_section_decision" NOT NULL,
	"comment" text,
	"reviewer_person_id" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "club_invitations" ADD CONSTRAINT "club_invitations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_invitations" ADD CONSTRAINT "club_invitations_created_by_persons_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_cases" ADD CONSTRAINT "validation_cases_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_cases" ADD CONSTRAINT "validation_cases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_cases" ADD CONSTRAINT "validation_cases_closed_by_persons_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_club_settings" ADD CONSTRAINT "validation_club_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_decisions" ADD CONSTRAINT "validation_decisions_case_id_validation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."validation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_decisions" ADD CONSTRAINT "validation_decisions_reviewer_person_id_persons_id_fk" FOREIGN KEY ("reviewer_person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "club_invitations_token_uq" ON "club_invitations" USING btree ("token");--> statement-breakpoint
CREATE INDEX "club_invitations_tenant_idx" ON "club_invitations" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "validation_cases_tenant_created_idx" ON "validation_cases" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "validation_cases_person_idx" ON "validation_cases" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "validation_decisions_case_section_uq" ON "validation_decisions" USING btree ("case_id","section");