CREATE TABLE "chain_head" (
	"symbol" text NOT NULL,
	"minute_ms" bigint NOT NULL,
	"tick_id" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "chain_head_symbol_minute_ms_pk" PRIMARY KEY("symbol","minute_ms")
);
