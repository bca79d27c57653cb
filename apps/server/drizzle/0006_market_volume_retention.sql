CREATE TABLE "tick_gap" (
	"symbol" text NOT NULL,
	"first_id" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	"count" integer NOT NULL,
	"first_time_ms" bigint NOT NULL,
	"last_time_ms" bigint NOT NULL,
	"prev_hash" text NOT NULL,
	"last_hash" text NOT NULL,
	"pruned_at_ms" bigint NOT NULL,
	CONSTRAINT "tick_gap_symbol_first_id_pk" PRIMARY KEY("symbol","first_id"),
	CONSTRAINT "tick_gap_range" CHECK ("tick_gap"."first_id" <= "tick_gap"."last_id" and "tick_gap"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "candle" ADD COLUMN "volume" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tick" ADD COLUMN "qty_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tick" ADD CONSTRAINT "tick_qty_nonnegative" CHECK ("tick"."qty_minor" >= 0);