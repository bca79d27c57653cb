-- Earn (issue #15): products edited in the back office, orders with a copy of their terms, and
-- one row per (order, day) of interest paid — the primary key makes "each day paid once" a fact
-- of the database; the rows are append-only. The partial index on (next_due_day, id) is what
-- accrual claims from, a bounded batch at a time.
CREATE TABLE "earn_accrual" (
	"order_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"journal_id" bigint,
	"paid_at_ms" bigint NOT NULL,
	CONSTRAINT "earn_accrual_order_id_day_pk" PRIMARY KEY("order_id","day"),
	CONSTRAINT "earn_accrual_amount" CHECK ("earn_accrual"."amount_minor" >= 0 and ("earn_accrual"."amount_minor" = 0) = ("earn_accrual"."journal_id" is null))
);
--> statement-breakpoint
CREATE TABLE "earn_order" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earn_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"principal_minor" bigint NOT NULL,
	"rate_e8" bigint NOT NULL,
	"cycle_days" integer NOT NULL,
	"penalty_bps" integer NOT NULL,
	"start_day" integer NOT NULL,
	"accrued_days" integer DEFAULT 0 NOT NULL,
	"next_due_day" integer NOT NULL,
	"interest_paid_minor" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'hosting' NOT NULL,
	"created_at_ms" bigint NOT NULL,
	"closed_at_ms" bigint,
	"damages_minor" bigint,
	"refund_minor" bigint,
	"open_journal_id" bigint NOT NULL,
	"close_journal_id" bigint,
	CONSTRAINT "earn_order_status" CHECK ("earn_order"."status" in ('hosting', 'settled', 'cancelled')),
	CONSTRAINT "earn_order_principal" CHECK ("earn_order"."principal_minor" > 0),
	CONSTRAINT "earn_order_days" CHECK ("earn_order"."accrued_days" between 0 and "earn_order"."cycle_days"
          and "earn_order"."next_due_day" = "earn_order"."start_day" + "earn_order"."accrued_days" + 1),
	CONSTRAINT "earn_order_closed" CHECK (("earn_order"."status" = 'hosting') = ("earn_order"."closed_at_ms" is null)
          and ("earn_order"."status" = 'hosting') = ("earn_order"."close_journal_id" is null)
          and ("earn_order"."status" = 'hosting') = ("earn_order"."refund_minor" is null)
          and ("earn_order"."status" <> 'settled' or "earn_order"."accrued_days" = "earn_order"."cycle_days"))
);
--> statement-breakpoint
CREATE TABLE "earn_product" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earn_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"currency" text NOT NULL,
	"rate_e8" bigint NOT NULL,
	"cycle_days" integer NOT NULL,
	"min_minor" bigint NOT NULL,
	"max_minor" bigint NOT NULL,
	"user_quota_minor" bigint,
	"total_quota_minor" bigint,
	"penalty_bps" integer NOT NULL,
	"sale_starts_at_ms" bigint,
	"sale_ends_at_ms" bigint,
	"status" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"subscribed_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "earn_product_currency" CHECK ("earn_product"."currency" in ('money', 'usdt')),
	CONSTRAINT "earn_product_rate" CHECK ("earn_product"."rate_e8" > 0 and "earn_product"."rate_e8" < 100000000),
	CONSTRAINT "earn_product_cycle" CHECK ("earn_product"."cycle_days" between 1 and 1095),
	CONSTRAINT "earn_product_limits" CHECK (0 < "earn_product"."min_minor" and "earn_product"."min_minor" <= "earn_product"."max_minor"),
	CONSTRAINT "earn_product_penalty" CHECK ("earn_product"."penalty_bps" between 0 and 10000),
	CONSTRAINT "earn_product_status" CHECK ("earn_product"."status" in ('active', 'paused'))
);
--> statement-breakpoint
ALTER TABLE "earn_accrual" ADD CONSTRAINT "earn_accrual_order_id_earn_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."earn_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earn_order" ADD CONSTRAINT "earn_order_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earn_order" ADD CONSTRAINT "earn_order_product_id_earn_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."earn_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earn_order_due_idx" ON "earn_order" USING btree ("next_due_day","id") WHERE "earn_order"."status" = 'hosting';--> statement-breakpoint
CREATE INDEX "earn_order_user_idx" ON "earn_order" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "earn_order_product_user_idx" ON "earn_order" USING btree ("product_id","user_id");
--> statement-breakpoint
-- hand-written below
-- A day's interest, once recorded, is never changed or removed.
CREATE TRIGGER earn_accrual_append_only BEFORE UPDATE OR DELETE ON earn_accrual
  FOR EACH ROW EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER earn_accrual_no_truncate BEFORE TRUNCATE ON earn_accrual
  FOR EACH STATEMENT EXECUTE FUNCTION ampere_refuse_change();
