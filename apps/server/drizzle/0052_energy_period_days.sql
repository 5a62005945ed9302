CREATE TABLE "energy_period_day" (
	"point_id" integer NOT NULL,
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"cut" text NOT NULL,
	"samples" integer NOT NULL,
	"prev_ts" timestamp with time zone,
	"micro" bigint[] NOT NULL,
	"quarters" integer[] NOT NULL,
	CONSTRAINT "energy_period_day_pkey" PRIMARY KEY("point_id","zone","day")
);
