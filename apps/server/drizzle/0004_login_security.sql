-- Login key pairs rotate (modules/auth/login-keys.ts): one RSA pair per time slot, agreed by every
-- instance through the slot primary key; the private key is stored encrypted under a secret
-- from configuration or the data directory, and deleted once sealed bodies may no longer use it.
CREATE TABLE "sys_login_key" (
	"slot" bigint PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_enc" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The single persisted pair of earlier versions kept its private key in clear.
DELETE FROM "sys_setting" WHERE "key" = 'auth.rsaKeyPair';
--> statement-breakpoint
-- Failures are counted per account and source address (a lock from one address does not lock
-- the owner out elsewhere).
ALTER TABLE "sys_login_failure" ADD COLUMN "ip" text;
--> statement-breakpoint
DROP INDEX IF EXISTS "sys_login_failure_user_at";
--> statement-breakpoint
CREATE INDEX "sys_login_failure_user_ip_at" ON "sys_login_failure" USING btree ("username","ip","at");
--> statement-breakpoint
-- Addresses an account signed in from: attempts from them skip the per-account ceiling.
CREATE TABLE "sys_login_source" (
	"user_id" integer NOT NULL,
	"ip" text NOT NULL,
	"last_success" timestamp with time zone NOT NULL,
	CONSTRAINT "sys_login_source_pk" PRIMARY KEY("user_id","ip")
);
--> statement-breakpoint
ALTER TABLE "sys_login_source" ADD CONSTRAINT "sys_login_source_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Per-account token bucket of attempts from unknown addresses (slow distributed guessing).
CREATE TABLE "sys_login_throttle" (
	"username" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL
);
