-- A receipt's period is fixed when its payment is confirmed, and a cancelled subscription keeps when it was
-- cancelled (docs/product.md, "Payments", "Statuses, expiry and renewal").
ALTER TABLE "school_subscriptions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
-- One cancelled by staff was cancelled when its audit says so, even when a plan assigned later names it as the
-- previous one; one replaced, when the next one was assigned; otherwise its last change is the best date known.
UPDATE "school_subscriptions" s SET "cancelled_at" = coalesce(
    (SELECT a."created_at" FROM "audit_log" a
      WHERE a."school_id" = s."school_id" AND a."entity_id" = s."id" AND a."action" = 'subscription.cancelled'
      ORDER BY a."created_at" DESC LIMIT 1),
    (SELECT n."start_date" FROM "school_subscriptions" n
      WHERE n."school_id" = s."school_id" AND n."previous_subscription_id" = s."id" ORDER BY n."created_at" LIMIT 1),
    s."updated_at")
  WHERE s."status" = 'cancelled';--> statement-breakpoint
-- A confirmed subscription payment paid for the term as it stood when it was confirmed: its end is the end date
-- the first renewal after the confirmation started from (its audit's "before"), else the end date today.
UPDATE "subscription_payments" p SET "period_start" = s."start_date", "period_end" = coalesce(
    (SELECT (a."before" ->> 'endDate')::timestamptz FROM "audit_log" a
      WHERE a."school_id" = p."school_id" AND a."entity_id" = s."id"
        AND a."action" IN ('subscription.renewed', 'subscription.auto_renewed')
        AND a."created_at" > coalesce(p."decided_at", p."created_at")
      ORDER BY a."created_at" LIMIT 1),
    s."end_date")
  FROM "school_subscriptions" s
  WHERE s."school_id" = p."school_id" AND s."id" = p."subscription_id" AND p."status" = 'confirmed';
