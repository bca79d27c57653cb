CREATE TABLE "banner" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"image_id" text NOT NULL,
	"title" text NOT NULL,
	"link" jsonb,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "banner_window" CHECK ("banner"."starts_at" is null or "banner"."ends_at" is null or "banner"."starts_at" < "banner"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "content_image" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"data" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_image_purpose" CHECK ("content_image"."purpose" in ('banner', 'avatar', 'qr', 'notice')),
	CONSTRAINT "content_image_id" CHECK ("content_image"."id" ~ '^[A-Za-z0-9_-]{22}$')
);
--> statement-breakpoint
CREATE TABLE "customer_service" (
	"locale" text PRIMARY KEY NOT NULL,
	"agents" jsonb NOT NULL,
	"qr_image_id" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"popup" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_read" (
	"user_id" bigint NOT NULL,
	"notice_id" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notice_read_user_id_notice_id_pk" PRIMARY KEY("user_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "notice_text" (
	"notice_id" bigint NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "notice_text_notice_id_locale_pk" PRIMARY KEY("notice_id","locale")
);
--> statement-breakpoint
ALTER TABLE "banner" ADD CONSTRAINT "banner_image_id_content_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."content_image"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_service" ADD CONSTRAINT "customer_service_qr_image_id_content_image_id_fk" FOREIGN KEY ("qr_image_id") REFERENCES "public"."content_image"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_read" ADD CONSTRAINT "notice_read_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_read" ADD CONSTRAINT "notice_read_notice_id_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_text" ADD CONSTRAINT "notice_text_notice_id_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_published_idx" ON "notice" USING btree ("published_at");