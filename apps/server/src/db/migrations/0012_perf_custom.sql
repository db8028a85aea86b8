-- Issue 14 / ADR 0020: indexes for the paths that scale with the installation. Hand-written (not in the Drizzle
-- schema) because they need an extension (pg_trgm) or are partial, and to keep the schema files of the modules
-- that change in parallel untouched. IF NOT EXISTS: a database that has them already keeps them.

-- Event keyword search (ILIKE '%…%' on the name) by trigram instead of a scan of every event.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_name_trgm_idx" ON "events" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint

-- The dashboard's unread messages (newest first) and the unread count: only the unread rows.
CREATE INDEX IF NOT EXISTS "messages_person_unread_idx" ON "messages" ("person_id", "created_at") WHERE "read_at" IS NULL;
--> statement-breakpoint

-- Public events by start time: the visibility rule's `public` branch without a scan of every club's events.
CREATE INDEX IF NOT EXISTS "events_public_start_idx" ON "events" ("starts_at") WHERE "visibility" = 'public';
--> statement-breakpoint

-- Foreign keys that a deletion follows (ON DELETE CASCADE / SET NULL): without an index on the referencing
-- column every deleted person or club scans these tables once each.
-- Deleting a person (account deletion):
CREATE INDEX IF NOT EXISTS "addresses_created_by_idx" ON "addresses" ("created_by");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_addresses_created_by_idx" ON "mail_addresses" ("created_by");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_numbers_created_by_idx" ON "phone_numbers" ("created_by");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bank_accounts_created_by_idx" ON "bank_accounts" ("created_by");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "confection_informations_created_by_idx" ON "confection_informations" ("created_by");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "medical_informations_created_by_idx" ON "medical_informations" ("created_by");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "additional_informations_created_by_idx" ON "additional_informations" ("created_by");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blog_posts_author_idx" ON "blog_posts" ("author_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_creator_idx" ON "events" ("creator_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "event_registration_history_actor_idx" ON "event_registration_history" ("actor_person_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "log_messages_actor_idx" ON "log_messages" ("actor_person_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "team_contact_persons_person_idx" ON "team_contact_persons" ("person_id");
--> statement-breakpoint
-- Deleting an invoice:
CREATE INDEX IF NOT EXISTS "order_elements_invoice_idx" ON "order_elements" ("invoice_id");
--> statement-breakpoint
-- Deleting a club:
CREATE INDEX IF NOT EXISTS "approvals_tenant_idx" ON "approvals" ("tenant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "event_contact_persons_tenant_idx" ON "event_contact_persons" ("tenant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "event_contracts_tenant_idx" ON "event_contracts" ("tenant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "event_documents_tenant_idx" ON "event_documents" ("tenant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "event_registrations_tenant_idx" ON "event_registrations" ("tenant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "honors_tenant_idx" ON "honors" ("tenant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "licenses_tenant_idx" ON "licenses" ("tenant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "log_messages_tenant_idx" ON "log_messages" ("tenant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_tenant_idx" ON "messages" ("tenant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_elements_tenant_idx" ON "order_elements" ("tenant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "person_images_tenant_idx" ON "person_images" ("tenant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "qualifications_tenant_idx" ON "qualifications" ("tenant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "team_contact_persons_tenant_idx" ON "team_contact_persons" ("tenant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "team_documents_tenant_idx" ON "team_documents" ("tenant_id");
