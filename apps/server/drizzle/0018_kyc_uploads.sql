-- Uploads and real-name verification (issue #16): each uploaded image (re-encoded, stored
-- outside the database under a random id) with its owner, purpose and hash; one verification
-- per user with the ID number sealed and its keyed hash unique across users, per-side states
-- and reasons, the reviewer's claim; checks keep the state machine's invariants.
CREATE TABLE "kyc_verification" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_verification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"idcard_sealed" text NOT NULL,
	"idcard_hash" text NOT NULL,
	"idcard_masked" text NOT NULL,
	"front_upload_id" text NOT NULL,
	"back_upload_id" text NOT NULL,
	"front_status" text NOT NULL,
	"back_status" text NOT NULL,
	"front_reason" text,
	"back_reason" text,
	"note" text,
	"round" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"claimed_by" bigint,
	"claimed_by_name" text,
	"claimed_until" timestamp with time zone,
	"decided_by" bigint,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "kyc_verification_status" CHECK ("kyc_verification"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "kyc_verification_front_status" CHECK ("kyc_verification"."front_status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "kyc_verification_back_status" CHECK ("kyc_verification"."back_status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "kyc_verification_reasons" CHECK (("kyc_verification"."front_status" = 'declined') = ("kyc_verification"."front_reason" is not null)
          and ("kyc_verification"."back_status" = 'declined') = ("kyc_verification"."back_reason" is not null)),
	CONSTRAINT "kyc_verification_sides" CHECK (case "kyc_verification"."status"
            when 'approved' then "kyc_verification"."front_status" = 'approved' and "kyc_verification"."back_status" = 'approved'
            when 'declined' then 'declined' in ("kyc_verification"."front_status", "kyc_verification"."back_status")
                                 and 'pending' not in ("kyc_verification"."front_status", "kyc_verification"."back_status")
            else 'pending' in ("kyc_verification"."front_status", "kyc_verification"."back_status")
                 and 'declined' not in ("kyc_verification"."front_status", "kyc_verification"."back_status")
          end),
	CONSTRAINT "kyc_verification_decided" CHECK (("kyc_verification"."status" = 'pending') = ("kyc_verification"."decided_at" is null)
          and ("kyc_verification"."decided_at" is null) = ("kyc_verification"."decided_by" is null)),
	CONSTRAINT "kyc_verification_two_sides" CHECK ("kyc_verification"."front_upload_id" <> "kyc_verification"."back_upload_id"),
	CONSTRAINT "kyc_verification_claim" CHECK (("kyc_verification"."claimed_by" is null) = ("kyc_verification"."claimed_until" is null)
          and ("kyc_verification"."claimed_by" is null) = ("kyc_verification"."claimed_by_name" is null))
);
--> statement-breakpoint
CREATE TABLE "upload" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"mime" text NOT NULL,
	"source_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"attached_to" text,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "upload_purpose" CHECK ("upload"."purpose" in ('kyc')),
	CONSTRAINT "upload_mime" CHECK ("upload"."mime" = 'image/jpeg'),
	CONSTRAINT "upload_sha256" CHECK ("upload"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "upload_bytes" CHECK ("upload"."bytes" > 0),
	CONSTRAINT "upload_attached_kept" CHECK ("upload"."attached_to" is null or "upload"."deleted_at" is null)
);
--> statement-breakpoint
ALTER TABLE "kyc_verification" ADD CONSTRAINT "kyc_verification_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verification" ADD CONSTRAINT "kyc_verification_front_upload_id_upload_id_fk" FOREIGN KEY ("front_upload_id") REFERENCES "public"."upload"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verification" ADD CONSTRAINT "kyc_verification_back_upload_id_upload_id_fk" FOREIGN KEY ("back_upload_id") REFERENCES "public"."upload"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verification" ADD CONSTRAINT "kyc_verification_claimed_by_staff_member_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verification" ADD CONSTRAINT "kyc_verification_decided_by_staff_member_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_verification_user_key" ON "kyc_verification" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_verification_idcard_key" ON "kyc_verification" USING btree ("idcard_hash");--> statement-breakpoint
CREATE INDEX "kyc_verification_queue_idx" ON "kyc_verification" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "upload_user_idx" ON "upload" USING btree ("user_id","created_at");