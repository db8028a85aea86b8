-- Custom SQL
-- ADR 0032: events.place_count and events.waiting_count follow every change of event_registrations, in the
-- statement that makes it. Statement-level triggers with transition tables: a bulk insert (seed, import) or a
-- cascade (a person or a club deleted) updates each event once, not once per registration.
CREATE FUNCTION "event_registration_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "events" e
       SET "place_count" = e."place_count" + d.places, "waiting_count" = e."waiting_count" + d.waiting
      FROM (SELECT "event_id",
                   count(*) FILTER (WHERE "status" IN ('participating', 'requested')) AS places,
                   count(*) FILTER (WHERE "status" = 'waiting') AS waiting
              FROM new_rows GROUP BY "event_id") d
     WHERE e."id" = d."event_id" AND (d.places <> 0 OR d.waiting <> 0);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "events" e
       SET "place_count" = e."place_count" - d.places, "waiting_count" = e."waiting_count" - d.waiting
      FROM (SELECT "event_id",
                   count(*) FILTER (WHERE "status" IN ('participating', 'requested')) AS places,
                   count(*) FILTER (WHERE "status" = 'waiting') AS waiting
              FROM old_rows GROUP BY "event_id") d
     WHERE e."id" = d."event_id" AND (d.places <> 0 OR d.waiting <> 0);
  ELSE
    UPDATE "events" e
       SET "place_count" = e."place_count" + d.places, "waiting_count" = e."waiting_count" + d.waiting
      FROM (SELECT "event_id", sum(places) AS places, sum(waiting) AS waiting
              FROM (SELECT "event_id",
                           ("status" IN ('participating', 'requested'))::int AS places,
                           ("status" = 'waiting')::int AS waiting
                      FROM new_rows
                    UNION ALL
                    SELECT "event_id",
                           -("status" IN ('participating', 'requested'))::int,
                           -("status" = 'waiting')::int
                      FROM old_rows) x
             GROUP BY "event_id") d
     WHERE e."id" = d."event_id" AND (d.places <> 0 OR d.waiting <> 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "event_registrations_counts_insert" AFTER INSERT ON "event_registrations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_registration_counts"();--> statement-breakpoint
CREATE TRIGGER "event_registrations_counts_update" AFTER UPDATE ON "event_registrations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_registration_counts"();--> statement-breakpoint
CREATE TRIGGER "event_registrations_counts_delete" AFTER DELETE ON "event_registrations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_registration_counts"();--> statement-breakpoint
UPDATE "events" e
   SET "place_count" = c.places, "waiting_count" = c.waiting
  FROM (SELECT "event_id",
               count(*) FILTER (WHERE "status" IN ('participating', 'requested')) AS places,
               count(*) FILTER (WHERE "status" = 'waiting') AS waiting
          FROM "event_registrations" GROUP BY "event_id") c
 WHERE e."id" = c."event_id";
