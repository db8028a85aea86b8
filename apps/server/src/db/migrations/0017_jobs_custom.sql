-- Custom SQL
-- ADR 0021: messages still waiting for the old push dispatcher (messages.push_pending, dropped by the next
-- migration) become push jobs, one per message, with the key the new code uses.
INSERT INTO "jobs" ("kind", "key", "payload")
SELECT 'push.message', 'push:message:' || "id", jsonb_build_object('messageId', "id")
FROM "messages"
WHERE "push_pending"
ON CONFLICT ("key") DO NOTHING;
