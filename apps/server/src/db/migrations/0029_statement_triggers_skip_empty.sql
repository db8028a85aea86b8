-- Custom SQL
-- A statement-level trigger fires once per statement even when the statement changed no row. A registration that
-- finds its event full (issue 14 §4: 930 of a storm's 1,000) still runs its INSERT … ON CONFLICT, which fired the
-- counters' insert and update triggers; each ran an UPDATE of the events (of no row), which fired the events list's
-- change log trigger (migration 0028) in turn: six statements for nothing. The counters' function now returns at once
-- on an empty transition table, so no UPDATE of the events runs and the change log's trigger is not fired; what it
-- does with rows is unchanged (migration 0021).
CREATE OR REPLACE FUNCTION "event_registration_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN
      RETURN NULL;
    END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
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
$$;
