-- What issued each command: withdrawing one needs what issuing it needed (issue 20 finding 8).
ALTER TABLE "biz_command" ADD COLUMN "origin" text;--> statement-breakpoint
-- Commands stored before (data, hand-written): a push or plan curve by its kind; a point command
-- a sequential control step when a run lists it, else a user's control call.
UPDATE "biz_command" c SET "origin" = CASE
  WHEN c."kind" <> 'points' THEN c."kind"
  WHEN EXISTS (SELECT 1 FROM "biz_sequence_run_step" s WHERE s."command_ids" @> to_jsonb(c."id")) THEN 'sequenceStep'
  ELSE 'control'
END;--> statement-breakpoint
ALTER TABLE "biz_command" ALTER COLUMN "origin" SET NOT NULL;
