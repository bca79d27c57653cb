-- The back office (issue #13): staff members, their sessions and sign-in challenges, apart from
-- users; and the audit chain's recorded heads, append-only like the log itself (migration 0002).
CREATE TABLE "audit_head" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_head_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"last_entry_id" bigint NOT NULL,
	"entries" bigint NOT NULL,
	"hash" text NOT NULL,
	"signature" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_challenge" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_challenge_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "staff_member" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_member_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"totp_secret" text,
	"totp_enrolled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "staff_member_role_check" CHECK ("staff_member"."role" in ('owner', 'finance', 'compliance', 'support', 'risk', 'auditor')),
	CONSTRAINT "staff_member_status_check" CHECK ("staff_member"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "staff_session" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_session_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"csrf_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "staff_challenge" ADD CONSTRAINT "staff_challenge_staff_id_staff_member_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_session" ADD CONSTRAINT "staff_session_staff_id_staff_member_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_challenge_token_key" ON "staff_challenge" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_member_username_key" ON "staff_member" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "staff_session_token_key" ON "staff_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_session_staff_idx" ON "staff_session" USING btree ("staff_id");
--> statement-breakpoint
CREATE TRIGGER audit_head_append_only BEFORE UPDATE OR DELETE ON audit_head
  FOR EACH ROW EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_head_no_truncate BEFORE TRUNCATE ON audit_head
  FOR EACH STATEMENT EXECUTE FUNCTION ampere_refuse_change();
