CREATE TYPE "public"."chat_conversation_kind" AS ENUM('direct', 'team', 'club');--> statement-breakpoint
CREATE TABLE "chat_blocks" (
	"blocker_person_id" uuid NOT NULL,
	"blocked_person_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_blocks_blocker_person_id_blocked_person_id_pk" PRIMARY KEY("blocker_person_id","blocked_person_id")
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" "chat_conversation_kind" NOT NULL,
	"team_id" uuid,
	"direct_person_a" uuid,
	"direct_person_b" uuid,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_conversations_kind_ck" CHECK ((kind = 'team') = (team_id is not null) and (kind = 'direct') = (direct_person_a is not null and direct_person_b is not null and direct_person_a < direct_person_b))
);
--> statement-breakpoint
CREATE TABLE "chat_members" (
	"conversation_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"read_seq" bigint DEFAULT 0 NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"push_due_at" timestamp with time zone,
	"last_pushed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_members_conversation_id_person_id_pk" PRIMARY KEY("conversation_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"sender_person_id" uuid,
	"client_id" text,
	"body" text NOT NULL,
	"reply_to_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"reporter_person_id" uuid NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_settings" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"direct_messages" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_blocker_person_id_persons_id_fk" FOREIGN KEY ("blocker_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_blocked_person_id_persons_id_fk" FOREIGN KEY ("blocked_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_direct_person_a_persons_id_fk" FOREIGN KEY ("direct_person_a") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_direct_person_b_persons_id_fk" FOREIGN KEY ("direct_person_b") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_person_id_persons_id_fk" FOREIGN KEY ("sender_person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_reporter_person_id_persons_id_fk" FOREIGN KEY ("reporter_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_settings" ADD CONSTRAINT "chat_settings_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_blocks_blocked_idx" ON "chat_blocks" USING btree ("blocked_person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_team_uq" ON "chat_conversations" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_club_uq" ON "chat_conversations" USING btree ("tenant_id") WHERE kind = 'club';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_direct_uq" ON "chat_conversations" USING btree ("tenant_id","direct_person_a","direct_person_b");--> statement-breakpoint
CREATE INDEX "chat_conversations_direct_b_idx" ON "chat_conversations" USING btree ("direct_person_b");--> statement-breakpoint
CREATE INDEX "chat_members_person_idx" ON "chat_members" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "chat_members_push_due_idx" ON "chat_members" USING btree ("push_due_at") WHERE push_due_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_conversation_seq_uq" ON "chat_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_uq" ON "chat_messages" USING btree ("conversation_id","sender_person_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_reports_message_reporter_uq" ON "chat_reports" USING btree ("message_id","reporter_person_id");--> statement-breakpoint
CREATE INDEX "chat_reports_tenant_idx" ON "chat_reports" USING btree ("tenant_id");