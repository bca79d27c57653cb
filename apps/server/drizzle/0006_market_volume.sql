ALTER TABLE "candle" ADD COLUMN "volume" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tick" ADD COLUMN "qty_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tick" ADD CONSTRAINT "tick_qty_nonnegative" CHECK ("tick"."qty_minor" >= 0);