CREATE TABLE "app_user" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" bigint NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"fund_password_hash" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"credit_score" integer DEFAULT 100 NOT NULL,
	"invite_code" text NOT NULL,
	"referrer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_status_check" CHECK ("app_user"."status" in (0, 1)),
	CONSTRAINT "app_user_level_check" CHECK ("app_user"."level" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"subject" text,
	"detail" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_record" (
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_record_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_account" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"currency" text NOT NULL,
	"purpose" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_account_id_currency_key" UNIQUE("id","currency"),
	CONSTRAINT "ledger_account_currency_check" CHECK ("ledger_account"."currency" in ('money', 'usdt')),
	CONSTRAINT "ledger_account_purpose_check" CHECK (("ledger_account"."user_id" is not null and "ledger_account"."purpose" in ('available', 'in_order', 'earn_principal', 'withdraw_hold'))
        or ("ledger_account"."user_id" is null and "ledger_account"."purpose" in ('house_trading', 'house_fees', 'house_interest', 'house_equity', 'bank_clearing', 'chain_clearing', 'exchange_clearing'))),
	CONSTRAINT "ledger_account_user_nonnegative" CHECK ("ledger_account"."user_id" is null or "ledger_account"."balance_minor" >= 0),
	CONSTRAINT "ledger_account_system_no_balance" CHECK ("ledger_account"."user_id" is not null or "ledger_account"."balance_minor" = 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_journal" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_journal_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"reference" text,
	"user_id" bigint,
	"actor" text NOT NULL,
	"memo" text,
	"reverses_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_posting" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_posting_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"journal_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint,
	CONSTRAINT "ledger_posting_nonzero" CHECK ("ledger_posting"."amount_minor" <> 0)
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_referrer_id_app_user_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_record" ADD CONSTRAINT "idempotency_record_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journal" ADD CONSTRAINT "ledger_journal_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journal" ADD CONSTRAINT "ledger_journal_reverses_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_posting" ADD CONSTRAINT "ledger_posting_journal_id_ledger_journal_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_posting" ADD CONSTRAINT "ledger_posting_account_fk" FOREIGN KEY ("account_id","currency") REFERENCES "public"."ledger_account"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_uid_key" ON "app_user" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_username_key" ON "app_user" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_invite_code_key" ON "app_user" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "app_user_referrer_idx" ON "app_user" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_account_user_key" ON "ledger_account" USING btree ("user_id","currency","purpose") WHERE "ledger_account"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_account_system_key" ON "ledger_account" USING btree ("currency","purpose") WHERE "ledger_account"."user_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_journal_user_idx" ON "ledger_journal" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journal_reverses_key" ON "ledger_journal" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "ledger_posting_journal_idx" ON "ledger_posting" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "ledger_posting_account_idx" ON "ledger_posting" USING btree ("account_id","id");