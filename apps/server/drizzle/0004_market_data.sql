CREATE TABLE "candle" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"open_time_ms" bigint NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	"ticks" integer NOT NULL,
	CONSTRAINT "candle_symbol_interval_open_time_ms_pk" PRIMARY KEY("symbol","interval","open_time_ms")
);
--> statement-breakpoint
CREATE TABLE "product" (
	"symbol" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"price_scale" smallint NOT NULL,
	"names" jsonb NOT NULL,
	"trading_state" text DEFAULT 'open' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"volatility_bps" integer NOT NULL,
	"initial_price" text NOT NULL,
	CONSTRAINT "product_state_check" CHECK ("product"."trading_state" in ('open', 'closed')),
	CONSTRAINT "product_scale_check" CHECK ("product"."price_scale" between 0 and 8)
);
--> statement-breakpoint
CREATE TABLE "tick" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tick_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"time_ms" bigint NOT NULL,
	"price_minor" bigint NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "tick_price_positive" CHECK ("tick"."price_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "tick" ADD CONSTRAINT "tick_symbol_product_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."product"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tick_symbol_prev_key" ON "tick" USING btree ("symbol","prev_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "tick_hash_key" ON "tick" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "tick_symbol_time_idx" ON "tick" USING btree ("symbol","time_ms");