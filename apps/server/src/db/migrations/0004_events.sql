CREATE TYPE "public"."event_visibility" AS ENUM('members', 'public');--> statement-breakpoint
CREATE TYPE "public"."price_option_kind" AS ENUM('price', 'option');--> statement-breakpoint
CREATE TYPE "public"."registration_status" AS ENUM('invited', 'requested', 'waiting', 'participating', 'cancelled', 'nomember');--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "event_contact_persons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role" text,
	"email" text,
	"phone" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_contracts_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "event_discipline_links" (
	"event_id" uuid NOT NULL,
	"discipline_id" uuid NOT NULL,
	CONSTRAINT "event_discipline_links_event_id_discipline_id_pk" PRIMARY KEY("event_id","discipline_id")
);
--> statement-breakpoint
CREATE TABLE "event_disciplines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "event_disciplines_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "event_division_links" (
	"event_id" uuid NOT NULL,
	"division_id" uuid NOT NULL,
	CONSTRAINT "event_division_links_event_id_division_id_pk" PRIMARY KEY("event_id","division_id")
);
--> statement-breakpoint
CREATE TABLE "event_divisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "event_divisions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "event_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_price_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"kind" "price_option_kind" NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"group" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_registration_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"status" "registration_status" NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"actor_person_id" uuid,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"status" "registration_status" NOT NULL,
	"price_option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"creator_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place_name" text,
	"street" text,
	"street_number" text,
	"zip" text,
	"city" text,
	"country" text,
	"country_code" text,
	"organiser" text,
	"registration_open" boolean DEFAULT true NOT NULL,
	"registration_deadline" timestamp with time zone,
	"free_cancellation_deadline" timestamp with time zone,
	"max_participants" integer,
	"max_waiting" integer DEFAULT 0 NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"visibility" "event_visibility" DEFAULT 'members' NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_contact_persons" ADD CONSTRAINT "event_contact_persons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_contact_persons" ADD CONSTRAINT "event_contact_persons_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_contracts" ADD CONSTRAINT "event_contracts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_contracts" ADD CONSTRAINT "event_contracts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_discipline_links" ADD CONSTRAINT "event_discipline_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_discipline_links" ADD CONSTRAINT "event_discipline_links_discipline_id_event_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."event_disciplines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_division_links" ADD CONSTRAINT "event_division_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_division_links" ADD CONSTRAINT "event_division_links_division_id_event_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."event_divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_documents" ADD CONSTRAINT "event_documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_documents" ADD CONSTRAINT "event_documents_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_price_options" ADD CONSTRAINT "event_price_options_contract_id_event_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."event_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_history" ADD CONSTRAINT "event_registration_history_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_history" ADD CONSTRAINT "event_registration_history_actor_person_id_persons_id_fk" FOREIGN KEY ("actor_person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_creator_id_persons_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_contact_persons_event_idx" ON "event_contact_persons" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_discipline_links_d_idx" ON "event_discipline_links" USING btree ("discipline_id");--> statement-breakpoint
CREATE INDEX "event_division_links_d_idx" ON "event_division_links" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "event_documents_event_idx" ON "event_documents" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_price_options_contract_idx" ON "event_price_options" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "event_registration_history_reg_idx" ON "event_registration_history" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_event_person_uq" ON "event_registrations" USING btree ("event_id","person_id");--> statement-breakpoint
CREATE INDEX "event_registrations_event_status_idx" ON "event_registrations" USING btree ("event_id","status","registered_at");--> statement-breakpoint
CREATE INDEX "event_registrations_person_idx" ON "event_registrations" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "events_tenant_start_idx" ON "events" USING btree ("tenant_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_start_idx" ON "events" USING btree ("starts_at");