-- Custom SQL
-- ADR 0035: events.discipline_list, division_list, contract_id and fee follow every change of the event's
-- discipline and division links, of a linked discipline's or division's name, of its contract and of the
-- contract's price options, in the statement that makes it. Statement-level triggers with transition tables
-- (as the counters of ADR 0032): a bulk insert or a cascade refreshes each event once. The refresh reads the
-- committed state of the statement, so the order in which cascaded triggers fire does not matter.
CREATE FUNCTION "event_catalogue_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "events" e
     SET "discipline_list" = coalesce((
           SELECT jsonb_agg(jsonb_build_object('id', d."id", 'name', d."name") ORDER BY d."name", d."id")
             FROM "event_discipline_links" l JOIN "event_disciplines" d ON d."id" = l."discipline_id"
            WHERE l."event_id" = e."id"), '[]'::jsonb),
         "division_list" = coalesce((
           SELECT jsonb_agg(jsonb_build_object('id', d."id", 'name', d."name") ORDER BY d."name", d."id")
             FROM "event_division_links" l JOIN "event_divisions" d ON d."id" = l."division_id"
            WHERE l."event_id" = e."id"), '[]'::jsonb),
         "contract_id" = (SELECT c."id" FROM "event_contracts" c WHERE c."event_id" = e."id" ORDER BY c."id" LIMIT 1),
         "fee" = (
           SELECT jsonb_build_object('amount', o."amount", 'currency', o."currency")
             FROM "event_price_options" o JOIN "event_contracts" c ON c."id" = o."contract_id"
            WHERE c."event_id" = e."id" AND o."kind" = 'price'
            ORDER BY o."amount", o."position", o."name", o."id" LIMIT 1)
   WHERE e."id" = ANY(ids)
$$;--> statement-breakpoint
-- Rows that name their event (the link tables, the contracts).
CREATE FUNCTION "event_catalogue_of_event_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "event_catalogue_refresh"(ARRAY(SELECT DISTINCT "event_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "event_catalogue_refresh"(ARRAY(SELECT DISTINCT "event_id" FROM old_rows));
  ELSE
    PERFORM "event_catalogue_refresh"(ARRAY(SELECT "event_id" FROM new_rows UNION SELECT "event_id" FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A discipline or division renamed: every event linked to it.
CREATE FUNCTION "event_catalogue_of_catalogue_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'event_disciplines' THEN
    PERFORM "event_catalogue_refresh"(ARRAY(
      SELECT DISTINCT l."event_id" FROM "event_discipline_links" l WHERE l."discipline_id" IN (SELECT "id" FROM new_rows)));
  ELSE
    PERFORM "event_catalogue_refresh"(ARRAY(
      SELECT DISTINCT l."event_id" FROM "event_division_links" l WHERE l."division_id" IN (SELECT "id" FROM new_rows)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Price options: the events of their contracts (a contract deleted with its options refreshes by its own trigger).
CREATE FUNCTION "event_catalogue_of_price_options"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "event_catalogue_refresh"(ARRAY(
      SELECT DISTINCT c."event_id" FROM "event_contracts" c WHERE c."id" IN (SELECT "contract_id" FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "event_catalogue_refresh"(ARRAY(
      SELECT DISTINCT c."event_id" FROM "event_contracts" c WHERE c."id" IN (SELECT "contract_id" FROM old_rows)));
  ELSE
    PERFORM "event_catalogue_refresh"(ARRAY(
      SELECT DISTINCT c."event_id" FROM "event_contracts" c
       WHERE c."id" IN (SELECT "contract_id" FROM new_rows UNION SELECT "contract_id" FROM old_rows)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "event_discipline_links_catalogue_insert" AFTER INSERT ON "event_discipline_links"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_event_rows"();--> statement-breakpoint
CREATE TRIGGER "event_discipline_links_catalogue_update" AFTER UPDATE ON "event_discipline_links"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_event_rows"();--> statement-breakpoint
CREATE TRIGGER "event_discipline_links_catalogue_delete" AFTER DELETE ON "event_discipline_links"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_event_rows"();--> statement-breakpoint
CREATE TRIGGER "event_division_links_catalogue_insert" AFTER INSERT ON "event_division_links"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_event_rows"();--> statement-breakpoint
CREATE TRIGGER "event_division_links_catalogue_update" AFTER UPDATE ON "event_division_links"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_event_rows"();--> statement-breakpoint
CREATE TRIGGER "event_division_links_catalogue_delete" AFTER DELETE ON "event_division_links"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_event_rows"();--> statement-breakpoint
CREATE TRIGGER "event_contracts_catalogue_insert" AFTER INSERT ON "event_contracts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_event_rows"();--> statement-breakpoint
CREATE TRIGGER "event_contracts_catalogue_update" AFTER UPDATE ON "event_contracts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_event_rows"();--> statement-breakpoint
CREATE TRIGGER "event_contracts_catalogue_delete" AFTER DELETE ON "event_contracts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_event_rows"();--> statement-breakpoint
CREATE TRIGGER "event_disciplines_catalogue_update" AFTER UPDATE ON "event_disciplines"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_catalogue_rows"();--> statement-breakpoint
CREATE TRIGGER "event_divisions_catalogue_update" AFTER UPDATE ON "event_divisions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_catalogue_rows"();--> statement-breakpoint
CREATE TRIGGER "event_price_options_catalogue_insert" AFTER INSERT ON "event_price_options"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_price_options"();--> statement-breakpoint
CREATE TRIGGER "event_price_options_catalogue_update" AFTER UPDATE ON "event_price_options"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_price_options"();--> statement-breakpoint
CREATE TRIGGER "event_price_options_catalogue_delete" AFTER DELETE ON "event_price_options"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_catalogue_of_price_options"();--> statement-breakpoint
SELECT "event_catalogue_refresh"(ARRAY(SELECT "id" FROM "events"));
