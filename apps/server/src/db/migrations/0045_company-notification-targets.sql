-- What a company staff notification leads to when opened, set only by our own code (docs/product.md,
-- "Notifications"). Notifications sent before this named no request, payment or school, so they stay null and
-- open nothing, as before.
ALTER TABLE "company_notifications" ADD COLUMN "target" jsonb;
