CREATE TABLE "market_backfill" (
	"symbol" text PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"from_ms" bigint NOT NULL,
	"to_ms" bigint NOT NULL,
	"start_price_minor" bigint NOT NULL,
	"volatility_bps" integer NOT NULL,
	"candles" integer NOT NULL,
	"created_at_ms" bigint NOT NULL,
	CONSTRAINT "market_backfill_range" CHECK ("market_backfill"."from_ms" < "market_backfill"."to_ms")
);
--> statement-breakpoint
ALTER TABLE "market_backfill" ADD CONSTRAINT "market_backfill_symbol_product_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."product"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- What was backfilled, and from which seed, stays as written (as tick_gap and chain_head do).
CREATE TRIGGER market_backfill_append_only BEFORE UPDATE OR DELETE ON market_backfill
  FOR EACH ROW EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER market_backfill_no_truncate BEFORE TRUNCATE ON market_backfill
  FOR EACH STATEMENT EXECUTE FUNCTION ampere_refuse_change();
