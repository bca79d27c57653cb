ALTER TABLE "upload" DROP CONSTRAINT "upload_purpose";--> statement-breakpoint
ALTER TABLE "bank_recharge" ADD COLUMN "proof_upload_id" text;--> statement-breakpoint
ALTER TABLE "bank_recharge" ADD CONSTRAINT "bank_recharge_proof_upload_id_upload_id_fk" FOREIGN KEY ("proof_upload_id") REFERENCES "public"."upload"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_recharge_proof_key" ON "bank_recharge" USING btree ("proof_upload_id") WHERE "bank_recharge"."proof_upload_id" is not null;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_purpose" CHECK ("upload"."purpose" in ('kyc', 'recharge_proof'));