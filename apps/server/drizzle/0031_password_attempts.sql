-- Every password check (sign-in, control re-entry, password change) is reserved per account
-- and address in one upsert before it runs, so parallel guesses never pass the lock's limit
-- (modules/auth/login-guard.ts). The row of failures it replaces was counted after the check.
CREATE TABLE "sys_password_attempt" (
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"attempts" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "sys_password_attempt_pk" PRIMARY KEY("username","ip")
);
--> statement-breakpoint
DROP TABLE "sys_login_failure" CASCADE;
