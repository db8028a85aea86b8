-- Activity-log rows written before their texts were keys keep their words: the key log.legacy renders them as they are.
UPDATE "log_messages" SET "summary_key" = 'log.legacy', "summary_params" = jsonb_build_object('text', "summary") WHERE "summary_key" IS NULL;
