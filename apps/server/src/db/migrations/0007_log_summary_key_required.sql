ALTER TABLE "log_messages" ALTER COLUMN "summary_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "log_messages" DROP COLUMN "summary";--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_text_ck" CHECK (text_key is not null or (title is not null and body is not null));