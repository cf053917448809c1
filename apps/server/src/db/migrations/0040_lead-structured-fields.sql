ALTER TABLE "sales_leads" ADD COLUMN "billing_cycle" text;--> statement-breakpoint
ALTER TABLE "sales_leads" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_leads" ADD CONSTRAINT "sales_leads_payment_fk" FOREIGN KEY ("school_id","payment_id") REFERENCES "public"."subscription_payments"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_leads" ADD CONSTRAINT "sales_leads_billing_cycle_check" CHECK ("sales_leads"."billing_cycle" in ('monthly', 'yearly'));--> statement-breakpoint
-- A renewal or upgrade request kept what it asked for as English words the server wrote before the school's own
-- message ("Please renew our subscription. Billing: yearly. …", "… Payment RCP-… submitted for the renewal."):
-- those move to the columns (each reader words them in their language), and the message keeps the school's text.
UPDATE "sales_leads" l SET "payment_id" = p."id" FROM "subscription_payments" p
  WHERE l."kind" = 'renewal' AND p."school_id" = l."school_id"
    AND position('Payment ' || p."receipt_number" || ' submitted for the renewal.' in l."message") > 0;--> statement-breakpoint
UPDATE "sales_leads" SET "billing_cycle" = substring("message" from '^(?:Please renew our subscription\.|We would like to upgrade our plan\.) Billing: (monthly|yearly)\.')
  WHERE "kind" IN ('renewal', 'upgrade');--> statement-breakpoint
UPDATE "sales_leads" SET "message" = btrim(regexp_replace("message",
    '^(?:Please renew our subscription\.|We would like to upgrade our plan\.)(?: Billing: (?:monthly|yearly)\.)?(?: Payment \S+ submitted for the renewal\.$)?', ''))
  WHERE "kind" IN ('renewal', 'upgrade');
