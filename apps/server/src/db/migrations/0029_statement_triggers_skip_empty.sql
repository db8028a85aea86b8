-- Custom SQL
-- A statement-level trigger fires once per statement even when the statement changed no row. A registration that
-- finds its event full (issue 14 §4: 930 of a storm's 1,000) still runs its INSERT … ON CONFLICT, which fired the
-- counters' insert and update triggers; each ran an UPDATE of the events (of no row), which fired the events list's
-- change log trigger in turn: six statements for nothing. The two functions now return at once on empty
-- transition tables; what they do with rows is unchanged (migrations 0021 and 0028).
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "events_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys uuid[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN
      RETURN NULL;
    END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT k) INTO keys FROM (
      SELECT "tenant_id" AS k FROM new_rows
      UNION ALL SELECT '00000000-0000-0000-0000-000000000000'::uuid FROM new_rows WHERE "visibility" = 'public') x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT k) INTO keys FROM (
      SELECT "tenant_id" AS k FROM old_rows
      UNION ALL SELECT '00000000-0000-0000-0000-000000000000'::uuid FROM old_rows WHERE "visibility" = 'public') x;
  ELSE
    -- The counters follow every registration (migration 0021): a change of them alone is not logged.
    SELECT array_agg(DISTINCT k) INTO keys FROM (
      SELECT unnest(ARRAY[o."tenant_id", n."tenant_id"] || CASE
               WHEN o."visibility" = 'public' OR n."visibility" = 'public'
               THEN ARRAY['00000000-0000-0000-0000-000000000000'::uuid] ELSE '{}'::uuid[] END) AS k
        FROM old_rows o JOIN new_rows n ON n."id" = o."id"
       WHERE (to_jsonb(o) - 'place_count' - 'waiting_count') IS DISTINCT FROM
             (to_jsonb(n) - 'place_count' - 'waiting_count')) x;
  END IF;
  PERFORM list_changes_mark('events', keys);
  RETURN NULL;
END
$$;
