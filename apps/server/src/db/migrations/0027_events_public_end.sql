-- Issue 14 §3, ADR 0034 amendment of 2026-11-28: the events list from a date on (the app's list from today)
-- without a walk through the past. Hand-written (partial, GiST on an expression), like 0012.

-- Public events by their end: the list's total counts `ends_at >= from` on this index alone.
CREATE INDEX IF NOT EXISTS "events_public_end_idx" ON "events" ("ends_at") WHERE "visibility" = 'public';
--> statement-breakpoint

-- Public events by the time they run: the few that started before the date and still run, found directly, where
-- the list by start walked every public event that ended before. greatest(): a range is never inverted, whatever
-- a row holds.
CREATE INDEX IF NOT EXISTS "events_public_span_idx" ON "events" USING gist (tstzrange("starts_at", greatest("starts_at", "ends_at"), '[]')) WHERE "visibility" = 'public';
