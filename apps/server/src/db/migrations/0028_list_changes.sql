-- Custom SQL
-- ADR 0051: the pages of the events list and the news list are kept in memory across requests and persons, and
-- checked against this log on every use. A writing transaction that changes what a page of a list shows (an event
-- inserted, deleted, or changed in any column but its two counters; a post written; a club renamed) adds one row
-- per list and key it touched: the club's id, and for the events the nil uuid for public events, which every events
-- list shows. A kept page is still right as long as no transaction that committed after
-- the page's snapshot logged one of its keys (pg_visible_in_snapshot). Rows are only inserted, never updated, so two
-- writers never wait for each other here, and registrations (which change the counters only) log nothing.
CREATE TABLE "list_changes" (
  "list" text NOT NULL,
  "key" uuid NOT NULL,
  "xid" xid8 NOT NULL,
  "at" timestamptz DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "list_changes_list_key_xid_idx" ON "list_changes" ("list", "key", "xid");--> statement-breakpoint

-- One row per list, key and transaction. A key's rows older than a day go: a kept page lives at most an hour
-- (db/kept-pages.ts), so such a row's transaction committed before every kept snapshot.
CREATE FUNCTION "list_changes_mark"(p_list text, p_keys uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_keys IS NULL OR cardinality(p_keys) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "list_changes" ("list", "key", "xid")
    SELECT p_list, ks.k, pg_current_xact_id() FROM (SELECT DISTINCT unnest(p_keys) AS k) AS ks
     WHERE NOT EXISTS (
       SELECT 1 FROM "list_changes" c WHERE c."list" = p_list AND c."key" = ks.k AND c."xid" = pg_current_xact_id());
  DELETE FROM "list_changes" c WHERE c."list" = p_list AND c."key" = ANY(p_keys) AND c."at" < now() - interval '1 day';
END
$$;--> statement-breakpoint

CREATE FUNCTION "events_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys uuid[];
BEGIN
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
$$;--> statement-breakpoint
CREATE TRIGGER "events_list_insert" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "events_list_changed"();--> statement-breakpoint
CREATE TRIGGER "events_list_update" AFTER UPDATE ON "events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "events_list_changed"();--> statement-breakpoint
CREATE TRIGGER "events_list_delete" AFTER DELETE ON "events"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "events_list_changed"();--> statement-breakpoint

-- A page shows its events' and posts' club names: a renamed club marks its own key, and the public one of the events.
CREATE FUNCTION "tenants_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys uuid[];
BEGIN
  SELECT array_agg(DISTINCT n."id") INTO keys
    FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE o."name" IS DISTINCT FROM n."name";
  IF keys IS NOT NULL THEN
    PERFORM list_changes_mark('events', keys || '00000000-0000-0000-0000-000000000000'::uuid);
    PERFORM list_changes_mark('news', keys);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tenants_list_update" AFTER UPDATE ON "tenants"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tenants_list_changed"();
--> statement-breakpoint

-- The news list: any change of a post (its club's key; a post moved to another club, both).
CREATE FUNCTION "blog_posts_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "tenant_id") INTO keys FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "tenant_id") INTO keys FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT k) INTO keys FROM (
      SELECT "tenant_id" AS k FROM new_rows UNION ALL SELECT "tenant_id" FROM old_rows) x;
  END IF;
  PERFORM list_changes_mark('news', keys);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "blog_posts_list_insert" AFTER INSERT ON "blog_posts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "blog_posts_list_changed"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_list_update" AFTER UPDATE ON "blog_posts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "blog_posts_list_changed"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_list_delete" AFTER DELETE ON "blog_posts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "blog_posts_list_changed"();
