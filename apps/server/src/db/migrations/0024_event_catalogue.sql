ALTER TABLE "events" ADD COLUMN "discipline_list" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "division_list" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "fee" jsonb;