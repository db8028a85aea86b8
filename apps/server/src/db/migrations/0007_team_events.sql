CREATE TABLE "team_events" (
	"team_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	CONSTRAINT "team_events_team_id_event_id_pk" PRIMARY KEY("team_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "team_events" ADD CONSTRAINT "team_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_events" ADD CONSTRAINT "team_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_events_event_idx" ON "team_events" USING btree ("event_id");