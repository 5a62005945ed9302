-- The dictionaries' version: every change to sys_dict_type or sys_dict_item (through the API, a
-- migration or plain SQL) bumps it in the same transaction, so each server instance can keep
-- `typeAll` in memory and check one primary-key row per call to know it is still current.
INSERT INTO "sys_setting" ("key", "value") VALUES ('dict.version', '1'::jsonb) ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sys_dict_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sys_setting" ("key", "value") VALUES ('dict.version', '1'::jsonb)
  ON CONFLICT ("key") DO UPDATE
    SET "value" = to_jsonb(("sys_setting"."value" #>> '{}')::bigint + 1), "update_time" = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sys_dict_type_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_dict_type"
  FOR EACH STATEMENT EXECUTE FUNCTION "sys_dict_bump_version"();
--> statement-breakpoint
CREATE TRIGGER "sys_dict_item_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_dict_item"
  FOR EACH STATEMENT EXECUTE FUNCTION "sys_dict_bump_version"();
