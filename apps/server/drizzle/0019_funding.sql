-- Funding (issue #14): bank cards (numbers sealed at rest), the USDT withdrawal address book
-- (24 h cool-down), the platform's receiving accounts, bank recharges (pending → credited with
-- one journal, rejected or expired), withdrawals (held at once; two different approvers for large
-- amounts; paid or refunded exactly once through end_journal_id), exchange quotes and completed
-- exchanges (one journal each), and every record's timeline.
CREATE TABLE "bank_card" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"account_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"card_sealed" text NOT NULL,
	"card_last4" text NOT NULL,
	"branch" text NOT NULL,
	"bound_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_recharge" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_recharge_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"payer_name" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"journal_id" bigint,
	CONSTRAINT "bank_recharge_amount" CHECK ("bank_recharge"."amount_minor" > 0),
	CONSTRAINT "bank_recharge_status" CHECK ("bank_recharge"."status" in ('pending', 'credited', 'rejected', 'expired')),
	CONSTRAINT "bank_recharge_credited" CHECK (("bank_recharge"."status" = 'credited') = ("bank_recharge"."journal_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "currency_exchange" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "currency_exchange_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"quote_id" bigint NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"rate_micro" bigint NOT NULL,
	"fee_rate" text NOT NULL,
	"receive_minor" bigint NOT NULL,
	"journal_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "currency_exchange_pair" CHECK ("currency_exchange"."from_currency" <> "currency_exchange"."to_currency")
);
--> statement-breakpoint
CREATE TABLE "exchange_quote" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_quote_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"from_currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"rate_micro" bigint NOT NULL,
	"receive_minor" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "exchange_quote_amounts" CHECK ("exchange_quote"."amount_minor" > 0 and "exchange_quote"."receive_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "funding_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funding_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"record_kind" text NOT NULL,
	"record_id" bigint NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reason" text,
	"note" text,
	"actor" text NOT NULL,
	CONSTRAINT "funding_event_kind" CHECK ("funding_event"."record_kind" in ('recharge', 'withdrawal', 'exchange'))
);
--> statement-breakpoint
CREATE TABLE "receiving_account" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receiving_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"card_number" text NOT NULL,
	"branch" text NOT NULL,
	"enabled" boolean NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_address" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdraw_address_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"usable_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "withdraw_address_cool_down" CHECK ("withdraw_address"."usable_at" >= "withdraw_address"."created_at")
);
--> statement-breakpoint
CREATE TABLE "withdrawal" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"destination" jsonb NOT NULL,
	"approvals_needed" integer NOT NULL,
	"approved_by" bigint,
	"approved_by_name" text,
	"approved_at" timestamp with time zone,
	"second_approved_by" bigint,
	"second_approved_by_name" text,
	"second_approved_at" timestamp with time zone,
	"decided_by" bigint,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"payout_reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"hold_journal_id" bigint NOT NULL,
	"end_journal_id" bigint,
	CONSTRAINT "withdrawal_currency" CHECK ("withdrawal"."currency" in ('money', 'usdt')),
	CONSTRAINT "withdrawal_amounts" CHECK ("withdrawal"."amount_minor" > 0 and "withdrawal"."fee_minor" >= 0 and "withdrawal"."fee_minor" < "withdrawal"."amount_minor"),
	CONSTRAINT "withdrawal_status" CHECK ("withdrawal"."status" in ('pending', 'approved', 'paying', 'paid', 'rejected', 'cancelled')),
	CONSTRAINT "withdrawal_approvals" CHECK ("withdrawal"."approvals_needed" in (1, 2)),
	CONSTRAINT "withdrawal_two_approvers" CHECK ("withdrawal"."second_approved_by" <> "withdrawal"."approved_by"),
	CONSTRAINT "withdrawal_ended" CHECK (("withdrawal"."status" in ('paid', 'rejected', 'cancelled')) = ("withdrawal"."end_journal_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "bank_card" ADD CONSTRAINT "bank_card_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_recharge" ADD CONSTRAINT "bank_recharge_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_recharge" ADD CONSTRAINT "bank_recharge_account_id_receiving_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."receiving_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_recharge" ADD CONSTRAINT "bank_recharge_decided_by_staff_member_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_recharge" ADD CONSTRAINT "bank_recharge_journal_id_ledger_journal_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_exchange" ADD CONSTRAINT "currency_exchange_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_exchange" ADD CONSTRAINT "currency_exchange_quote_id_exchange_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."exchange_quote"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_exchange" ADD CONSTRAINT "currency_exchange_journal_id_ledger_journal_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_quote" ADD CONSTRAINT "exchange_quote_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_address" ADD CONSTRAINT "withdraw_address_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_approved_by_staff_member_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_second_approved_by_staff_member_id_fk" FOREIGN KEY ("second_approved_by") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_decided_by_staff_member_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_hold_journal_id_ledger_journal_id_fk" FOREIGN KEY ("hold_journal_id") REFERENCES "public"."ledger_journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_end_journal_id_ledger_journal_id_fk" FOREIGN KEY ("end_journal_id") REFERENCES "public"."ledger_journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_recharge_user_idx" ON "bank_recharge" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bank_recharge_status_idx" ON "bank_recharge" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_recharge_journal_key" ON "bank_recharge" USING btree ("journal_id") WHERE "bank_recharge"."journal_id" is not null;--> statement-breakpoint
CREATE INDEX "currency_exchange_user_idx" ON "currency_exchange" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "currency_exchange_quote_key" ON "currency_exchange" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "currency_exchange_journal_key" ON "currency_exchange" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "exchange_quote_user_idx" ON "exchange_quote" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "funding_event_record_idx" ON "funding_event" USING btree ("record_kind","record_id","id");--> statement-breakpoint
CREATE INDEX "withdraw_address_user_idx" ON "withdraw_address" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_address_live_key" ON "withdraw_address" USING btree ("user_id","network",lower("address")) WHERE "withdraw_address"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawal_user_idx" ON "withdrawal" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawal_status_idx" ON "withdrawal" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_hold_journal_key" ON "withdrawal" USING btree ("hold_journal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_end_journal_key" ON "withdrawal" USING btree ("end_journal_id") WHERE "withdrawal"."end_journal_id" is not null;