ALTER TABLE "events" ADD COLUMN "place_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waiting_count" integer DEFAULT 0 NOT NULL;