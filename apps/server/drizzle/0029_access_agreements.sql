CREATE TABLE "address_block" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cidr" "cidr" NOT NULL,
	"family" smallint NOT NULL,
	"note" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	CONSTRAINT "address_block_family" CHECK ("address_block"."family" in (4, 6)),
	CONSTRAINT "address_block_family_matches" CHECK (family("address_block"."cidr") = "address_block"."family"),
	CONSTRAINT "address_block_removed" CHECK (("address_block"."removed_at" is null) = ("address_block"."removed_by" is null))
);
--> statement-breakpoint
CREATE TABLE "agreement_acceptance" (
	"user_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"via" text NOT NULL,
	CONSTRAINT "agreement_acceptance_user_id_version_pk" PRIMARY KEY("user_id","version"),
	CONSTRAINT "agreement_acceptance_via" CHECK ("agreement_acceptance"."via" in ('registration', 'prompt', 'migration'))
);
--> statement-breakpoint
CREATE TABLE "agreement_text" (
	"version" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"format" text NOT NULL,
	CONSTRAINT "agreement_text_version_locale_pk" PRIMARY KEY("version","locale"),
	CONSTRAINT "agreement_text_format" CHECK ("agreement_text"."format" in ('html', 'text'))
);
--> statement-breakpoint
CREATE TABLE "agreement_version" (
	"version" integer PRIMARY KEY NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "agreement_version_positive" CHECK ("agreement_version"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "agreement_acceptance" ADD CONSTRAINT "agreement_acceptance_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_acceptance" ADD CONSTRAINT "agreement_acceptance_version_agreement_version_version_fk" FOREIGN KEY ("version") REFERENCES "public"."agreement_version"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_text" ADD CONSTRAINT "agreement_text_version_agreement_version_version_fk" FOREIGN KEY ("version") REFERENCES "public"."agreement_version"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_block_live_idx" ON "address_block" USING btree ("id") WHERE "address_block"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "agreement_acceptance_version_idx" ON "agreement_acceptance" USING btree ("version");--> statement-breakpoint
CREATE INDEX "agreement_version_effective_idx" ON "agreement_version" USING btree ("effective_at");
--> statement-breakpoint
-- hand-written below
-- The agreement's one document so far becomes version 1 (format text: it was plain text), dated
-- as the shipped version, with whatever edits it had; then its table goes (drizzle-kit generated
-- the DROP above the copy; it is moved here so the copy can read it). Accounts older than
-- versions accepted version 1 by registering (its own words: "By registering or using the
-- service you accept it"), recorded as `migration` at their sign-up time. A fresh database has
-- no document and no users: the server's seed writes version 1 at its first start.
INSERT INTO "agreement_version" ("version", "effective_at", "created_at", "created_by")
SELECT 1, '2026-11-21T00:00:00Z', now(), 'system'
WHERE EXISTS (SELECT 1 FROM "content_document" WHERE "slug" = 'user-service-agreement');
--> statement-breakpoint
INSERT INTO "agreement_text" ("version", "locale", "title", "body", "format")
SELECT 1, "locale", "title", "body", 'text'
FROM "content_document" WHERE "slug" = 'user-service-agreement';
--> statement-breakpoint
INSERT INTO "agreement_acceptance" ("user_id", "version", "accepted_at", "via")
SELECT "id", 1, "created_at", 'migration' FROM "app_user"
WHERE EXISTS (SELECT 1 FROM "agreement_version" WHERE "version" = 1);
--> statement-breakpoint
DROP TABLE "content_document" CASCADE;
--> statement-breakpoint
-- What a user accepted can always be shown again: versions, their texts and acceptances are
-- never changed or removed (a correction is a newer version).
CREATE TRIGGER agreement_version_append_only BEFORE UPDATE OR DELETE ON agreement_version
  FOR EACH ROW EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER agreement_version_no_truncate BEFORE TRUNCATE ON agreement_version
  FOR EACH STATEMENT EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER agreement_text_append_only BEFORE UPDATE OR DELETE ON agreement_text
  FOR EACH ROW EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER agreement_text_no_truncate BEFORE TRUNCATE ON agreement_text
  FOR EACH STATEMENT EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER agreement_acceptance_append_only BEFORE UPDATE OR DELETE ON agreement_acceptance
  FOR EACH ROW EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER agreement_acceptance_no_truncate BEFORE TRUNCATE ON agreement_acceptance
  FOR EACH STATEMENT EXECUTE FUNCTION ampere_refuse_change();
