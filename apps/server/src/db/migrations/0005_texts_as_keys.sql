ALTER TABLE "messages" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "log_messages" ALTER COLUMN "summary" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "text_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "text_params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "locale" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE "log_messages" ADD COLUMN "summary_key" text;--> statement-breakpoint
ALTER TABLE "log_messages" ADD COLUMN "summary_params" jsonb DEFAULT '{}'::jsonb NOT NULL;