-- Custom SQL migration file, put your code below! --
-- Before at most one open reset link per account is enforced (next migration): keep each account's newest.
UPDATE "password_resets" r SET "used_at" = now()
WHERE r."used_at" IS NULL AND EXISTS (
  SELECT 1 FROM "password_resets" n
  WHERE n."account_id" = r."account_id" AND n."used_at" IS NULL
    AND (n."created_at", n."token_hash") > (r."created_at", r."token_hash")
);
