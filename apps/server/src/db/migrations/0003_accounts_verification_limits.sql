CREATE TABLE "auth_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_verifications" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_throttle" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "login_throttle" CASCADE;--> statement-breakpoint
ALTER TABLE "oidc_models" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_limits_expire_idx" ON "auth_limits" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "email_verifications_account_idx" ON "email_verifications" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "oidc_models_account_idx" ON "oidc_models" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_one_open_idx" ON "password_resets" USING btree ("account_id") WHERE "password_resets"."used_at" is null;