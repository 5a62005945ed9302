CREATE TABLE "wo_order_timer" (
	"order_id" integer NOT NULL,
	"boundary_id" text NOT NULL,
	"attached_to" text NOT NULL,
	"sla" text,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wo_order_timer" ADD CONSTRAINT "wo_order_timer_order_id_wo_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."wo_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wo_order_timer_key" ON "wo_order_timer" USING btree ("order_id","boundary_id");--> statement-breakpoint
CREATE INDEX "wo_order_timer_due" ON "wo_order_timer" USING btree ("due_at");