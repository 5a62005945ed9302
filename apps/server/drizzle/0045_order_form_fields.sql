ALTER TABLE "wo_order" ADD COLUMN "form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "wo_order" ADD COLUMN "form_values" jsonb DEFAULT '{}'::jsonb NOT NULL;