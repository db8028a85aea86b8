-- Custom SQL migration file, put your code below! --
-- The provider's existing rows get their account in the new column (sessions, grants, tokens, codes).
UPDATE "oidc_models" SET "account_id" = "payload"->>'accountId'
WHERE "account_id" IS NULL AND "payload" ? 'accountId';
