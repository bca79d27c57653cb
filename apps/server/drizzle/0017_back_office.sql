-- The back office (issue #13): balance adjustments with four eyes (one member requests, another
-- decides; the database refuses the same member, and an approval without its one journal), the
-- market feed's publishing node as the dashboard shows it, every reconciliation's result, and a
-- BRIN index on journal time for the day's totals (journals are appended in time order).
CREATE TABLE "balance_adjustment" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_adjustment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_by_name" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"journal_id" bigint,
	CONSTRAINT "balance_adjustment_currency" CHECK ("balance_adjustment"."currency" in ('money', 'usdt')),
	CONSTRAINT "balance_adjustment_amount" CHECK ("balance_adjustment"."amount_minor" <> 0),
	CONSTRAINT "balance_adjustment_reason" CHECK (char_length("balance_adjustment"."reason") between 3 and 500),
	CONSTRAINT "balance_adjustment_status" CHECK ("balance_adjustment"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "balance_adjustment_decided" CHECK (("balance_adjustment"."status" = 'pending') = ("balance_adjustment"."decided_by" is null)
          and ("balance_adjustment"."decided_by" is null) = ("balance_adjustment"."decided_at" is null)
          and ("balance_adjustment"."decided_by" is null) = ("balance_adjustment"."decided_by_name" is null)
          and ("balance_adjustment"."status" = 'approved') = ("balance_adjustment"."journal_id" is not null)),
	CONSTRAINT "balance_adjustment_four_eyes" CHECK ("balance_adjustment"."decided_by" <> "balance_adjustment"."requested_by")
);
--> statement-breakpoint
CREATE TABLE "ledger_reconciliation" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_reconciliation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"checked_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"report" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_feed_leader" (
	"group" text PRIMARY KEY NOT NULL,
	"node" text NOT NULL,
	"feed" text NOT NULL,
	"elected_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balance_adjustment" ADD CONSTRAINT "balance_adjustment_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustment" ADD CONSTRAINT "balance_adjustment_requested_by_staff_member_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustment" ADD CONSTRAINT "balance_adjustment_decided_by_staff_member_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustment" ADD CONSTRAINT "balance_adjustment_journal_id_ledger_journal_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_adjustment_status_idx" ON "balance_adjustment" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "balance_adjustment_user_idx" ON "balance_adjustment" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_adjustment_journal_key" ON "balance_adjustment" USING btree ("journal_id") WHERE "balance_adjustment"."journal_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_reconciliation_checked_idx" ON "ledger_reconciliation" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "ledger_journal_created_brin" ON "ledger_journal" USING brin ("created_at");