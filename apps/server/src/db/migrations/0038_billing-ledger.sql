-- Billing becomes a ledger (docs/product.md, "Billing: what is due"): a subscription keeps what it billed
-- (billed_minor) and its payment status follows from that and its confirmed payments ('none' when it billed and
-- received nothing: a free trial owes nothing); an approved add-on request keeps what it added and by which cycle;
-- a payment says whether it was sent with Renew.
ALTER TABLE "school_subscriptions" DROP CONSTRAINT "school_subscriptions_payment_status_check";--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD COLUMN "billed_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "addon_requests" ADD COLUMN "amount_due_minor" integer;--> statement-breakpoint
ALTER TABLE "addon_requests" ADD COLUMN "billing_cycle" text;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD CONSTRAINT "school_subscriptions_payment_status_check" CHECK ("school_subscriptions"."payment_status" in ('none', 'pending', 'paid', 'failed'));--> statement-breakpoint
ALTER TABLE "addon_requests" ADD CONSTRAINT "addon_requests_billing_cycle_check" CHECK ("addon_requests"."billing_cycle" in ('monthly', 'yearly'));--> statement-breakpoint
-- What existing subscriptions billed: what their confirmed payments brought, plus one total for those still
-- pending (what they were asked to pay), so every status reads as before; a trial that owes nothing is 'none'.
UPDATE "school_subscriptions" s SET "billed_minor" = coalesce((
    SELECT sum(p."amount_minor") FROM "subscription_payments" p
    WHERE p."school_id" = s."school_id" AND p."subscription_id" = s."id" AND p."status" = 'confirmed'), 0)
  + CASE WHEN s."payment_status" = 'pending' AND NOT s."is_trial" THEN s."total_amount_minor" ELSE 0 END;--> statement-breakpoint
UPDATE "school_subscriptions" SET "payment_status" = 'none'
  WHERE "payment_status" = 'pending' AND "is_trial" AND "billed_minor" = 0;--> statement-breakpoint
-- A renewal payment was recorded with its renewal request, whose message names its receipt.
UPDATE "subscription_payments" p SET "renewal" = true WHERE EXISTS (
  SELECT 1 FROM "sales_leads" l WHERE l."school_id" = p."school_id" AND l."kind" = 'renewal'
    AND position(p."receipt_number" in l."message") > 0);
