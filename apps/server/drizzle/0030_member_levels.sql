CREATE TABLE "level_recompute" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"thresholds" jsonb NOT NULL,
	"after_user_id" bigint DEFAULT 0 NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "level_recompute_one_row" CHECK ("level_recompute"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "user_level_progress" (
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"volume_minor" bigint DEFAULT 0 NOT NULL,
	"deposits_minor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_level_progress_user_id_currency_pk" PRIMARY KEY("user_id","currency"),
	CONSTRAINT "user_level_progress_currency_check" CHECK ("user_level_progress"."currency" in ('money', 'usdt')),
	CONSTRAINT "user_level_progress_amounts_check" CHECK ("user_level_progress"."volume_minor" >= 0 and "user_level_progress"."deposits_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "level_floor" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_level_floor_check" CHECK ("app_user"."level_floor" between 0 and "app_user"."level");--> statement-breakpoint
-- Member levels on deposits and volume (docs/backoffice.md, Member levels). The thresholds take
-- their new shape: what they were becomes the volume part; deposits need nothing (0), so the
-- levels they give are the ones they gave before.
UPDATE "system_setting" SET
  "value" = jsonb_build_object(
    'junior', jsonb_build_object('volume', "value"->'junior', 'deposits', '{"money":"0.00","usdt":"0.000000"}'::jsonb),
    'intermediate', jsonb_build_object('volume', "value"->'intermediate', 'deposits', '{"money":"0.00","usdt":"0.000000"}'::jsonb),
    'premium', jsonb_build_object('volume', "value"->'premium', 'deposits', '{"money":"0.00","usdt":"0.000000"}'::jsonb)),
  "updated_at" = now()
WHERE "key" = 'memberLevels' AND ("value"->'junior'->'money') IS NOT NULL;
--> statement-breakpoint
-- Backfill: what every user has traded (settled real-book orders, void ones excluded) and
-- deposited (credited bank recharges in CNY, credited chain deposits in USDT) so far.
INSERT INTO "user_level_progress" ("user_id", "currency", "volume_minor", "deposits_minor")
SELECT "user_id", "currency", sum("volume"), sum("deposits") FROM (
  SELECT "user_id", "currency", "stake_minor" AS "volume", 0::bigint AS "deposits"
    FROM "trade_order" WHERE "status" IN ('won', 'lost', 'tie') AND "currency" IN ('money', 'usdt')
  UNION ALL
  SELECT "user_id", 'money', 0::bigint, "amount_minor" FROM "bank_recharge" WHERE "status" = 'credited'
  UNION ALL
  SELECT "user_id", 'usdt', 0::bigint, "amount_minor" FROM "chain_deposit" WHERE "status" = 'credited'
) AS "e"
GROUP BY "user_id", "currency";
--> statement-breakpoint
-- Each user's level from the thresholds in force (the stored ones, else the shipped defaults).
-- Nobody is lowered by this migration: a level above what the thresholds give was set by staff
-- (the old job only raised), and becomes that user's floor. A level below is raised now, not
-- at the old job's next run.
WITH "s" AS (
  SELECT coalesce(
    (SELECT "value" FROM "system_setting" WHERE "key" = 'memberLevels'),
    '{"junior":{"volume":{"money":"10000.00","usdt":"1500.000000"},"deposits":{"money":"0.00","usdt":"0.000000"}},"intermediate":{"volume":{"money":"100000.00","usdt":"15000.000000"},"deposits":{"money":"0.00","usdt":"0.000000"}},"premium":{"volume":{"money":"1000000.00","usdt":"150000.000000"},"deposits":{"money":"0.00","usdt":"0.000000"}}}'::jsonb
  ) AS "j"
), "th" AS (
  SELECT "l"."level", "c"."currency",
         (("s"."j"->"l"."key"->'volume'->>"c"."currency")::numeric * "c"."unit")::bigint AS "volume_min",
         (("s"."j"->"l"."key"->'deposits'->>"c"."currency")::numeric * "c"."unit")::bigint AS "deposits_min"
    FROM "s",
         (VALUES (1, 'junior'), (2, 'intermediate'), (3, 'premium')) AS "l"("level", "key"),
         (VALUES ('money', 100), ('usdt', 1000000)) AS "c"("currency", "unit")
), "computed" AS (
  SELECT "u"."id",
         coalesce(max("th"."level") FILTER (
           WHERE coalesce("p"."volume_minor", 0) >= "th"."volume_min"
             AND coalesce("p"."deposits_minor", 0) >= "th"."deposits_min"), 0) AS "level"
    FROM "app_user" "u" CROSS JOIN "th"
    LEFT JOIN "user_level_progress" "p" ON "p"."user_id" = "u"."id" AND "p"."currency" = "th"."currency"
   GROUP BY "u"."id"
)
UPDATE "app_user" "a" SET
  "level" = greatest("a"."level", "c"."level"),
  "level_floor" = CASE WHEN "a"."level" > "c"."level" THEN "a"."level" ELSE 0 END
FROM "computed" "c"
WHERE "a"."id" = "c"."id" AND "a"."level" <> "c"."level";
--> statement-breakpoint
-- Every user now has the level the thresholds in force give: no recompute is owed for them.
INSERT INTO "level_recompute" ("id", "thresholds", "after_user_id", "done", "started_at", "finished_at")
SELECT 1, coalesce(
    (SELECT "value" FROM "system_setting" WHERE "key" = 'memberLevels'),
    '{"junior":{"volume":{"money":"10000.00","usdt":"1500.000000"},"deposits":{"money":"0.00","usdt":"0.000000"}},"intermediate":{"volume":{"money":"100000.00","usdt":"15000.000000"},"deposits":{"money":"0.00","usdt":"0.000000"}},"premium":{"volume":{"money":"1000000.00","usdt":"150000.000000"},"deposits":{"money":"0.00","usdt":"0.000000"}}}'::jsonb),
  0, true, now(), now();
