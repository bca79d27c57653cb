CREATE TABLE "notification" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notification_user_id_id_pk" PRIMARY KEY("user_id","id"),
	CONSTRAINT "notification_kind" CHECK ("notification"."kind" in ('order_settled', 'recharge_credited', 'deposit_credited',
                        'withdrawal_approved', 'withdrawal_paid', 'withdrawal_rejected',
                        'kyc_approved', 'kyc_declined', 'earn_matured')),
	CONSTRAINT "notification_params" CHECK (jsonb_typeof("notification"."params") = 'object')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notification_event_key" ON "notification" USING btree ("user_id","kind","subject_id");--> statement-breakpoint
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("user_id","id") WHERE "notification"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notification_created_brin" ON "notification" USING brin ("created_at");