CREATE TABLE "web_logins" (
	"state" text PRIMARY KEY NOT NULL,
	"binding" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"tokens" jsonb NOT NULL,
	"claims" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refresh_lease_until" timestamp with time zone,
	"fresh" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX "web_logins_expires_idx" ON "web_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "web_sessions_subject_idx" ON "web_sessions" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "web_sessions_expires_idx" ON "web_sessions" USING btree ("expires_at");