-- What a notification leads to when opened, set only by our own code (docs/product.md, "Notifications").
-- Announcement notifications already name their announcement, so they get their target here; the rest stay null
-- and open nothing, as before.
ALTER TABLE "notifications" ADD COLUMN "target" jsonb;--> statement-breakpoint
UPDATE "notifications" SET "target" = jsonb_build_object('kind', 'announcement', 'id', "announcement_id")
WHERE "announcement_id" IS NOT NULL;
