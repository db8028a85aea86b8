-- Custom SQL
-- ADR 0045: every server instance keeps the actors' scopes (memberships with roles, teams) in memory and drops a
-- person's entry when this channel names them. The trigger notifies inside the writing statement's transaction, so
-- the notification is delivered when the change is committed (never before, and not at all on a rollback), to
-- every instance, whoever wrote: the club's forms, imports, seeds, a deleted person or club (cascades), SQL by hand.
-- Statement-level with transition tables: one notification per statement, naming each person once; a statement
-- that touches more than 100 persons sends '*' (drop every entry), as a payload has at most 8000 bytes.
CREATE FUNCTION "scope_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  persons uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "person_id") INTO persons FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "person_id") INTO persons FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT p) INTO persons
      FROM (SELECT "person_id" AS p FROM new_rows UNION ALL SELECT "person_id" FROM old_rows) x;
  END IF;
  IF persons IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(persons) > 100 THEN
    PERFORM pg_notify('vh_scope', '*');
  ELSE
    PERFORM pg_notify('vh_scope', array_to_string(persons, ','));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "memberships_scope_insert" AFTER INSERT ON "memberships"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "scope_changed"();--> statement-breakpoint
CREATE TRIGGER "memberships_scope_update" AFTER UPDATE ON "memberships"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "scope_changed"();--> statement-breakpoint
CREATE TRIGGER "memberships_scope_delete" AFTER DELETE ON "memberships"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "scope_changed"();--> statement-breakpoint
CREATE TRIGGER "team_members_scope_insert" AFTER INSERT ON "team_members"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "scope_changed"();--> statement-breakpoint
CREATE TRIGGER "team_members_scope_update" AFTER UPDATE ON "team_members"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "scope_changed"();--> statement-breakpoint
CREATE TRIGGER "team_members_scope_delete" AFTER DELETE ON "team_members"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "scope_changed"();
