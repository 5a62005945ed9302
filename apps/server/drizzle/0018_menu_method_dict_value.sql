ALTER TABLE "sys_menu" ADD COLUMN "method" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_item_type_value" ON "sys_dict_item" USING btree ("type_id","value");