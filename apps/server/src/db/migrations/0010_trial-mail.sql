ALTER TABLE "one_time_tokens" DROP CONSTRAINT "one_time_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "school_id" uuid;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "trial_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "awaiting_mail_verification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_school_idx" ON "mail_outbox" USING btree ("school_id","created_at") WHERE "mail_outbox"."school_id" is not null;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_purpose_check" CHECK ("one_time_tokens"."purpose" in ('reset', 'invite', 'verify_email'));--> statement-breakpoint
-- Until the company says otherwise, only the cheapest plan on offer can be tried (docs/product.md, "Trial schools and mail").
UPDATE "plans" SET "trial_allowed" = true
WHERE "id" = (SELECT "id" FROM "plans" WHERE "is_active" ORDER BY "price_minor", "created_at" LIMIT 1);
